/**
 * Whether a URL a request names as its source (an Origin or a Referer) is this site: the public
 * origin it was built for (SITE_URL), or the host the request itself was sent to (a preview or a
 * local run). Both endpoints that take posts from the site's pages, quote requests and tap
 * counts, apply it.
 */
export function isSameSite(url: string, request: Request, siteUrl: string): boolean {
  if (!URL.canParse(url)) return false;
  const { origin, host } = new URL(url);
  return origin === new URL(siteUrl).origin || host === new URL(request.url).host;
}
