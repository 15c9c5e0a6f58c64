/**
 * Astro's CSP meta tag allows, on every page, the hashes of every inline script the site might
 * use (each island directive, the island runtime, every page script): eleven on a page with two.
 * The build narrows each page's script-src and style-src to the hashes of that page's own inline
 * scripts and styles, so a page allows only what it runs. Hashes do not compress, and the policy
 * travels twice (the meta tag, then the header the servers copy from it), so this also keeps
 * about 800 bytes off every page's first round trip. The policy's other sources are kept; the
 * site configures no hashes of its own (src/lib/csp.ts), as it inserts no script at run time.
 */
import { createHash } from 'node:crypto';

const META_CSP = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
/** An element's attributes, where a quoted value may hold '>' */
const ATTRIBUTES = String.raw`((?:[^>"']|"[^"]*"|'[^']*')*)`;
const INLINE_SCRIPT = new RegExp(String.raw`<script\b${ATTRIBUTES}>([\s\S]*?)</script\s*>`, 'gi');
const INLINE_STYLE = new RegExp(String.raw`<style\b${ATTRIBUTES}>([\s\S]*?)</style\s*>`, 'gi');
const EXTERNAL = /(?:^|\s)src\s*=/i;
/** Data blocks the browser never runs, so the CSP does not apply to them */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The source a browser allows the text by; it hashes the text with its line breaks as LF */
const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replaceAll('\r\n', '\n').replaceAll('\r', '\n'), 'utf8').digest('base64')}'`;

/** The hash sources for the page's inline scripts and styles, each once, in page order */
function pageHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes = '']) => !EXTERNAL.test(attributes) && !DATA_BLOCK.test(attributes))
    .map(([, , body = '']) => hashSource(body));
  const styles = [...html.matchAll(INLINE_STYLE)].map(([, , body = '']) => hashSource(body));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

/**
 * `directive` with its hash sources replaced by `hashes`; its other sources kept in order. A
 * directive that allows 'unsafe-inline' (the content editor's styles) gets no hash, since a
 * browser ignores 'unsafe-inline' beside one.
 */
function withHashes(directive: string, hashes: readonly string[]): string {
  const [name = '', ...sources] = directive.trim().split(/\s+/);
  const kept = sources.filter((source) => !/^'sha(?:256|384|512)-/.test(source));
  return [name, ...kept, ...(kept.includes("'unsafe-inline'") ? [] : hashes)].join(' ');
}

/** The page with its CSP meta tag allowing exactly its own inline scripts and styles */
export function withOwnHashes(html: string): string {
  const meta = META_CSP.exec(html);
  if (!meta) return html;
  const { scripts, styles } = pageHashes(html);
  const policy = (meta[2] ?? '')
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      if (name === 'script-src') return withHashes(directive, scripts);
      if (name === 'style-src') return withHashes(directive, styles);
      return directive.trim();
    })
    .join(';');
  return html.replace(META_CSP, (_match, start: string, _policy, end: string) => start + policy + end);
}
