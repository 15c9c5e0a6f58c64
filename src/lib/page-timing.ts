/**
 * Timing of the page scripts (SPEC.md section 9). Only the page script and server-rendered markup
 * import this module, never an island, so the page script bundles it and ships inline.
 */
export const SCROLL_COMPACT_PX = 10;
export const HERO_REVEAL_FALLBACK_MS = 2000;
export const REVEAL_FALLBACK_MS = 3000;
export const REVEAL_STEP_MS = 100;
export const REVEAL_THRESHOLD = 0.1;
export const HERO_ROTATE_MS = 4000;
