/** Behaviour constants from SPEC.md section 9 */
export const NAME_MIN_LENGTH = 2;
export const MESSAGE_MIN_LENGTH = 10;
export const QUOTE_CLEAR_DELAY_MS = 2000;
export const HOME_COUNTS = { services: 3, projects: 6, testimonials: 6 } as const;
/** A project card's crop centre moves in steps of this many percent (src/styles/global.css has a class for each) */
export const FOCUS_STEP = 5;
