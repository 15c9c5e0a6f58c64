/**
 * Every public page paints from its HTML alone, in the first round trip: no script, stylesheet,
 * font or preload the first paint waits on (src/integrations/first-paint.ts), and its first screen
 * within the first 14.6 KB of its brotli HTML (src/integrations/first-screen.ts). The owner's
 * pages, behind sign-in, are not held to it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { requestsBeforePaint } from '../../src/integrations/first-paint.ts';
import {
  FIRST_ROUND_TRIP_BYTES,
  firstScreenEnd,
  firstScreenBrotliBytes,
} from '../../src/integrations/first-screen.ts';
import { clientDir } from '../support/build.ts';

const publicPages = [...(await loadSiteFiles(clientDir)).entries()]
  .filter(([path, file]) => file.contentType.startsWith('text/html') && !isOwnerPath(path))
  .filter(([, file]) => file.status !== 301)
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }));

describe('the first paint', () => {
  it('waits on no request on any public page', () => {
    expect(publicPages.length).toBeGreaterThan(40);
    const problems = publicPages.flatMap(({ path, html }) =>
      requestsBeforePaint(html).map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it(
    'holds every page type’s first screen in the first round trip of its brotli HTML',
    { timeout: 90_000 },
    async () => {
      const withoutSection = publicPages.filter(({ html }) => firstScreenEnd(html) === undefined);
      expect(withoutSection.map(({ path }) => path)).toEqual([]);
      const ends = await Promise.all(
        publicPages.map(async ({ path, html }) => ({
          path,
          bytes: await firstScreenBrotliBytes(html),
        })),
      );
      const over = ends
        .filter(({ bytes }) => bytes > FIRST_ROUND_TRIP_BYTES)
        .map(({ path, bytes }) => `${path}: first screen ends at ${bytes} brotli bytes`);
      expect(over).toEqual([]);
    },
  );
});
