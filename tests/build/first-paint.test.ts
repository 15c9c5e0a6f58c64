/**
 * Every public page paints from its HTML alone, in the first round trip: no script, stylesheet,
 * font or preload the first paint waits on (src/integrations/first-paint.ts). The owner's pages,
 * behind sign-in, are not held to it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { requestsBeforePaint } from '../../src/integrations/first-paint.ts';
import { clientDir } from '../support/build.ts';

const publicPages = [...(await loadSiteFiles(clientDir)).entries()]
  .filter(([path, file]) => file.contentType.startsWith('text/html') && !isOwnerPath(path))
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }));

describe('the first paint', () => {
  it('waits on no request on any public page', () => {
    expect(publicPages.length).toBeGreaterThan(40);
    const problems = publicPages.flatMap(({ path, html }) =>
      requestsBeforePaint(html).map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
