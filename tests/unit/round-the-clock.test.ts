/**
 * Words the templates write about emergency work follow the business facts: "day or night" only
 * while call-outs go on round the clock (claims.emergency24x7), and no call-out offered at all
 * while a closure stops them. The red banner, the service pages' trust cards, the emergency
 * page's response line, the area pages' service line and the home page's first screen are
 * rendered on each kind of day.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SiteDay from '../../src/lib/site-day.ts';

const ROUND_THE_CLOCK = /day or night|day and night|any time|24\/7/i;
const CALL_OUTS_OFFERED =
  /with (24\/7 )?emergency call-outs|as quickly as we can|Call any time|Call us straight away/i;

type Day = {
  emergency24x7: boolean;
  emergencyCallOuts: boolean;
  closed?: boolean;
  backOn?: string;
};

/** What those templates write, built on a day such as `day` */
async function templateWords(day: Day): Promise<string> {
  vi.resetModules();
  vi.doMock('../../src/lib/site-day.ts', async (original) => {
    const real = await original<typeof SiteDay>();
    const availability = { ...real.availability, ...day };
    return {
      ...real,
      availability,
      emergencyClaim: (phrase: string) => real.emergencyClaim(phrase, availability),
    };
  });
  const { TrustCards } = await import('../../src/pages/services/_components/TrustCards.tsx');
  const { ResponseAim } = await import('../../src/pages/_components/emergency/ResponseAim.tsx');
  const { EmergencyBanner } = await import('../../src/components/sections/EmergencyBanner.tsx');
  const { EmergencySituations } =
    await import('../../src/pages/_components/emergency/EmergencySituations.tsx');
  const { HomeHero } = await import('../../src/pages/_components/home/HomeHero.tsx');
  // The area pages' content is not read for their service line
  vi.doMock('../../src/lib/content.ts', () => ({}));
  const { responseClaim } = await import('../../src/lib/areas.ts');
  return [
    renderToStaticMarkup(createElement(TrustCards)),
    renderToStaticMarkup(createElement(ResponseAim, { areas: [], aim: 'within the hour' })),
    renderToStaticMarkup(createElement(EmergencyBanner)),
    renderToStaticMarkup(createElement(EmergencySituations, { situations: ['Sparks'] })),
    renderToStaticMarkup(
      createElement(HomeHero, {
        heading: '',
        text: '',
        slides: [],
        rotate: false,
        children: null,
      }),
    ),
    responseClaim('aim', 'Howick'),
    responseClaim('same-day', 'Botany'),
  ].join('\n');
}

afterEach(() => {
  vi.doUnmock('../../src/lib/site-day.ts');
  vi.doUnmock('../../src/lib/content.ts');
});

describe('the templates’ words on emergency work', () => {
  it('promise day or night while the business answers round the clock', async () => {
    expect(await templateWords({ emergency24x7: true, emergencyCallOuts: true })).toMatch(
      ROUND_THE_CLOCK,
    );
  });

  it('promise no hours once it does not', async () => {
    const words = await templateWords({ emergency24x7: false, emergencyCallOuts: true });
    expect(words).not.toMatch(ROUND_THE_CLOCK);
    expect(words).toContain('as quickly as we can');
  });

  it('offer no call-out while a closure stops them, and say until when', async () => {
    const words = await templateWords({
      emergency24x7: false,
      emergencyCallOuts: false,
      closed: true,
      backOn: '7 January',
    });
    expect(words).not.toMatch(ROUND_THE_CLOCK);
    expect(words).not.toMatch(CALL_OUTS_OFFERED);
    expect(words).toContain('No emergency call-outs until 7 January');
    expect(words).toContain('Howick; no emergency call-outs until 7 January.');
    // React writes the apostrophe as &#x27;
    expect(words).toMatch(/be in touch when we(?:'|&#x27;)re back on 7 January/);
    expect(words).not.toContain('shortly');
  });
});
