/**
 * What the owner's doors (his API and the content editor's) share: a change must come from the
 * site's own pages, and an answer is never kept by a cache or listed by a search engine.
 */
/** Headers on every private answer: no cache keeps it, no search engine lists it */
export const OWNER_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

export const isChange = (method: string | undefined) =>
  method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT';

/**
 * Whether a change comes from the site's own pages: its Origin is exactly the site's, and a
 * browser that says where the request comes from (Sec-Fetch-Site) says the same origin. A
 * request without an Origin is refused: every browser sends one with these methods.
 */
export function isFromOwnOrigin(request: Request, siteOrigin: string): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  return (
    request.headers.get('origin') === siteOrigin &&
    (fetchSite === null || fetchSite === 'same-origin')
  );
}
