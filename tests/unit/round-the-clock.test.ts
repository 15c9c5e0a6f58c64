/**
 * Words the templates write about emergency work follow the round-the-clock switch
 * (claims.emergency24x7, off too while a closure stops emergencies): with it off, no service
 * page's trust card and no emergency page says "day or night" or "any time"
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SiteDay from '../../src/lib/site-day.ts';

const ROUND_THE_CLOCK = /day or night|any time|24\/7/i;

/** The trust cards and the emergency page's response line, built on a day the switch is `on` */
async function templateWords(on: boolean): Promise<string> {
  vi.resetModules();
  vi.doMock('../../src/lib/site-day.ts', async (original) => {
    const real = await original<typeof SiteDay>();
    const availability = { ...real.availability, emergency24x7: on };
    return {
      ...real,
      availability,
      emergencyClaim: (phrase: string) => real.emergencyClaim(phrase, availability),
    };
  });
  const { TrustCards } = await import('../../src/pages/services/_components/TrustCards.tsx');
  const { ResponseAim } = await import('../../src/pages/_components/emergency/ResponseAim.tsx');
  return renderToStaticMarkup(createElement(TrustCards)).concat(
    renderToStaticMarkup(createElement(ResponseAim, { areas: [], aim: 'within the hour' })),
  );
}

afterEach(() => {
  vi.doUnmock('../../src/lib/site-day.ts');
});

describe('the templates’ words on emergency work', () => {
  it('promise day or night while the business answers round the clock', async () => {
    expect(await templateWords(true)).toMatch(ROUND_THE_CLOCK);
  });

  it('promise no hours once it does not', async () => {
    const words = await templateWords(false);
    expect(words).not.toMatch(ROUND_THE_CLOCK);
    expect(words).toContain('as quickly as we can');
  });
});
