/**
 * The site's state for the Site view: asked on opening and when the page comes back into view,
 * then every second while a publish runs (as a background poll, which does not keep the session
 * alive by itself), so the steps tick over as the server finishes them.
 */
import { useState } from 'react';
import { readKeys, retryingEvery, useRead } from '../data.tsx';

const POLL_MS = 1000;

export function useSite() {
  const [publishing, setPublishing] = useState(false);
  const site = useRead(
    readKeys.site,
    publishing ? { refreshInterval: POLL_MS, ...retryingEvery(POLL_MS) } : {},
  );
  const running = (site.data?.running ?? null) !== null;
  if (running !== publishing) setPublishing(running);
  return site;
}
