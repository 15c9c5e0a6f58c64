/**
 * The words a picture's frame shows while its image loads and when it cannot load. They are not
 * in the page's text, so search engines never index them: CSS writes the first from the
 * placeholder's `data-text`, and `shell.ts` writes the second, from the fallback's `data-text`, into
 * it when a picture fails.
 */
export const PICTURE_STATE_WORDS = { loading: 'Loading...', failed: 'Image unavailable' } as const;
