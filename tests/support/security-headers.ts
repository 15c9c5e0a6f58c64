/**
 * What the security headers must be, written out here instead of asked of src/server, so the
 * tests of `_headers` and of nginx have an oracle of their own.
 *
 * The list is issue 7's (hardening): `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * strict-origin-when-cross-origin`, a restrictive `Permissions-Policy`, `Strict-Transport-Security`
 * when the site's origin is https, and a Content-Security-Policy with `frame-ancestors 'none'` and
 * no `unsafe-inline` or `unsafe-eval` for scripts. `X-Frame-Options: DENY` (frame-ancestors for
 * old browsers) and `Cross-Origin-Opener-Policy: same-origin` are the project's own additions.
 * SPEC.md and DESIGN.md name no header.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

/** Every header but the CSP that each answer carries, name → exact value */
export function expectedSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Nothing the site uses; `()` turns a feature off for the page and every frame in it
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // One year, as browsers' preload lists ask; only an https site may send it
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** A policy's directives: name → sources, the first of a repeated name winning as in browsers */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The policy of a page's `<meta http-equiv="content-security-policy">`, undefined without one */
export function metaCsp(html: string): string | undefined {
  const content = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1];
  return content?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

type ParsedNode = DefaultTreeAdapterMap['node'];

/** Every element of the document, as a browser's parser builds it (template contents included) */
function* elementsOf(node: ParsedNode): Generator<DefaultTreeAdapterMap['element']> {
  if ('tagName' in node) yield node;
  if ('content' in node) yield* elementsOf(node.content);
  if ('childNodes' in node) for (const child of node.childNodes) yield* elementsOf(child);
}

/**
 * The CSP hash sources a page needs: one per inline script (not JSON data, not src=) and inline
 * style, read with an HTML parser (parse5, as browsers parse), not with the build's own patterns
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const element of elementsOf(parse(html))) {
    const text = element.childNodes
      .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
      .join('');
    const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value;
    if (element.tagName === 'style') styles.push(sha256(text));
    if (element.tagName !== 'script' || attribute('src') !== undefined) continue;
    if (/^application\/(?:ld\+)?json$/i.test(attribute('type') ?? '')) continue;
    scripts.push(sha256(text));
  }
  return { scripts, styles };
}

/**
 * Everything wrong with the CSP header a page is served with, against the page itself: the
 * header carries the page's own policy (its meta tag) and adds `frame-ancestors 'none'`; scripts
 * allow nothing inline or eval'd; every inline script and style of the page, hashed here, is allowed
 * by both the header and the meta tag, and neither allows a hash the page has no use for.
 */
export function pageCspProblems(headerCsp: string | undefined, html: string): string[] {
  if (!headerCsp) return ['no Content-Security-Policy header'];
  const problems: string[] = [];
  const header = parseCsp(headerCsp);
  const metaPolicy = metaCsp(html);
  if (!metaPolicy) problems.push('the page has no CSP meta tag');
  const meta = parseCsp(metaPolicy ?? '');
  if (header.get('frame-ancestors')?.join(' ') !== "'none'")
    problems.push(`frame-ancestors is not 'none': ${headerCsp}`);
  if (meta.has('frame-ancestors'))
    problems.push('frame-ancestors in a meta tag, where browsers ignore it');
  for (const [name, sources] of meta) {
    if (header.get(name)?.join(' ') !== sources.join(' '))
      problems.push(`header ${name} differs from the page's: ${header.get(name)?.join(' ')}`);
  }
  const { scripts, styles } = inlineHashes(html);
  for (const [policyName, policy] of [
    ['header', header],
    ['meta', meta],
  ] as const) {
    const scriptSrc = policy.get('script-src') ?? policy.get('default-src');
    const styleSrc = policy.get('style-src') ?? policy.get('default-src');
    if (!scriptSrc) problems.push(`${policyName}: nothing restricts scripts`);
    const loose = (scriptSrc ?? []).filter((source) =>
      /^'unsafe-|^\*$|^(?:https?|data|blob):$/i.test(source),
    );
    if (loose.length > 0) problems.push(`${policyName}: script-src allows ${loose.join(' ')}`);
    for (const hash of scripts)
      if (!scriptSrc?.includes(hash))
        problems.push(`${policyName}: inline script ${hash} not in script-src`);
    for (const hash of styles)
      if (!styleSrc?.includes(hash))
        problems.push(`${policyName}: inline style ${hash} not in style-src`);
    // Least privilege: a hash allows its script on this page only if the page runs that script
    const isHash = (source: string) => /^'sha(?:256|384|512)-/.test(source);
    for (const hash of (scriptSrc ?? []).filter(isHash)) {
      if (!scripts.includes(hash))
        problems.push(
          `${policyName}: script-src allows ${hash}, which no inline script of the page has`,
        );
    }
    for (const hash of (styleSrc ?? []).filter(isHash)) {
      if (!styles.includes(hash))
        problems.push(
          `${policyName}: style-src allows ${hash}, which no inline style of the page has`,
        );
    }
  }
  // Attributes cannot be hashed without 'unsafe-hashes'; the policy above would block them
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
  for (const [tag] of markup.matchAll(/<[a-z][^>]*>/gi)) {
    if (/\s(?:style|on[a-z]+)=/i.test(tag))
      problems.push(`inline style or event attribute, which the CSP blocks: ${tag.slice(0, 80)}`);
  }
  return problems;
}
