/**
 * The site's state for the Site view: loaded on opening, then asked again every second while a
 * publish runs (as a background poll, which does not keep the session alive by itself), so the
 * steps tick over as the server finishes them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SiteBody } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';
import { errorMessage } from '../notices.tsx';

const POLL_MS = 1000;

export interface SiteState {
  body: SiteBody | null;
  problem: string | null;
  /** Asks again now (after starting a publish or an undo) */
  reload(): Promise<void>;
}

export function useSite(): SiteState {
  const [body, setBody] = useState<SiteBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async (background: boolean) => {
    try {
      setBody(await ownerApi.site({ background }));
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  const running = body?.running !== null && body?.running !== undefined;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(true), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  return { body, problem, reload: () => load(false) };
}
