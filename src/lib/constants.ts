/** Behaviour constants from SPEC.md section 9 */
export const SCROLL_COMPACT_PX = 10;
export const HERO_REVEAL_FALLBACK_MS = 2000;
export const REVEAL_FALLBACK_MS = 3000;
export const REVEAL_STEP_MS = 100;
export const REVEAL_THRESHOLD = 0.1;
export const HERO_ROTATE_MS = 4000;
export const NAME_MIN_LENGTH = 2;
export const MESSAGE_MIN_LENGTH = 10;
export const QUOTE_CLEAR_DELAY_MS = 2000;
export const HOME_COUNTS = { services: 3, projects: 6, testimonials: 6 } as const;
