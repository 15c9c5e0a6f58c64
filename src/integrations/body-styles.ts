/**
 * Astro writes the islands' one rule (`astro-island,astro-slot,astro-static-slot{display:contents}`)
 * as a `<style>` where the page's first island stands, which HTML allows in the body only as the
 * first child of its parent. The build moves every body `<style>` to the end of the head, where
 * it is valid wherever the island stands; its content, and so its CSP hash, stay the same.
 */

const BODY_STYLE = /<style>[^<]*<\/style>/g;

/** The page with the `<style>` elements of its body moved to the end of its head (each once) */
export function moveBodyStylesToHead(html: string): string {
  const headEnd = html.indexOf('</head>');
  const bodyStart = html.indexOf('<body', headEnd);
  if (headEnd === -1 || bodyStart === -1) return html;
  const body = html.slice(bodyStart);
  const styles = [...new Set(body.match(BODY_STYLE) ?? [])];
  if (styles.length === 0) return html;
  return (
    html.slice(0, headEnd) +
    styles.join('') +
    html.slice(headEnd, bodyStart) +
    body.replace(BODY_STYLE, '')
  );
}
