/**
 * Keystatic says "Entry created" after a new entry is saved, which reads as if it were on the site
 * already; it is not until the owner publishes. Its words cannot be configured, so the toast's text
 * is added to as it appears.
 */
const KEYSTATIC_WORDS = 'Entry created';
export const CREATED_WORDS = 'Saved. It goes live on your site when you publish it.';

/** Rewrites each "Entry created" toast under `root` as it appears; the function it returns stops */
export function sayWhenCreatedGoesLive(root: Node): () => void {
  const rewrite = (node: Node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode())
      if (text.nodeValue?.trim() === KEYSTATIC_WORDS) text.nodeValue = CREATED_WORDS;
  };
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach(rewrite);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
