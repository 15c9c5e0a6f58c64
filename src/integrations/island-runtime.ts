/**
 * Astro writes its island runtime (the `<astro-island>` element and each hydration directive, as
 * inline classic scripts) ahead of the first island, which on the home page is at the start of
 * `<main>`. Chrome paints what it has parsed before it runs a classic script the parser meets, so
 * the home page's first paint held the header alone and its hero, the largest paint, came a frame
 * later. At the end of the body the runtime runs once the page's content is parsed, and the
 * islands, which hydrate on a visitor's first interaction anyway, upgrade then. The scripts keep
 * their text, so the page's CSP hashes still allow them.
 */

const INLINE_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*)<\/script>/g;
/** The custom element's definition, and each directive registering itself (`Astro.idle = …`) */
const RUNTIME = /customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\)/;

/** The page with Astro's island runtime moved to the end of its body, in its order */
export function moveIslandRuntimeToEnd(html: string): string {
  const runtime: string[] = [];
  const without = html.replace(INLINE_SCRIPT, (script, code: string) => {
    if (!RUNTIME.test(code)) return script;
    runtime.push(script);
    return '';
  });
  const bodyEnd = without.lastIndexOf('</body>');
  if (runtime.length === 0 || bodyEnd === -1) return html;
  return without.slice(0, bodyEnd) + runtime.join('') + without.slice(bodyEnd);
}
