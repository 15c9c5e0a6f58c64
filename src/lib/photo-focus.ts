/**
 * Where a card's crop of a photo is centred, as classes: the public pages allow no inline style,
 * so each share (a step of FOCUS_STEP percent) has a class of its own, which the stylesheets list
 * (`@source inline` in src/styles/global.css and src/owner/owner.css), and the picture's
 * object-position reads them. None for the middle, so a card without a chosen point is unchanged.
 */
export interface PhotoFocus {
  /** Across, 0 (left) to 100 (right) */
  x: number;
  /** Down, 0 (top) to 100 (bottom) */
  y: number;
}

export const CENTRED: PhotoFocus = { x: 50, y: 50 };

/** The classes of the picture's frame and image that centre its crop on `focus` */
export function focusClasses(focus: PhotoFocus | undefined): { frame: string; image: string } {
  if (!focus || (focus.x === CENTRED.x && focus.y === CENTRED.y)) return { frame: '', image: '' };
  return {
    frame: `[--focus-x:${focus.x}%] [--focus-y:${focus.y}%]`,
    image: 'object-[var(--focus-x)_var(--focus-y)]',
  };
}
