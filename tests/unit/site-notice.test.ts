/**
 * The notice of a closure in the page shell: with a notice, a strip at the top of the header and its
 * room in the flow; without one, not a byte of markup
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { business } from '../../src/config/business.ts';
import { availability } from '../../src/lib/site-day.ts';
import { availabilityOn, buildDay } from '../../src/lib/availability.ts';
import { HeaderSpacer, SiteHeader } from '../../src/components/layout/SiteHeader.tsx';

const notice = 'Away 24 Dec – 6 Jan: for emergencies call 0800 555 0142';
const header = (text?: string) =>
  renderToStaticMarkup(
    createElement(SiteHeader, {
      currentPath: '/',
      compactFromStart: false,
      ...(text === undefined ? {} : { notice: text }),
    }),
  );
const spacer = (text?: string) =>
  renderToStaticMarkup(
    createElement(HeaderSpacer, {
      compact: false,
      ...(text === undefined ? {} : { notice: text }),
    }),
  );

describe('the notice', () => {
  it('shows once, first in the header, as plain text rather than a live region', () => {
    const html = header(notice);
    expect(html.split(notice)).toHaveLength(2);
    expect(html.indexOf(notice)).toBeLessThan(html.indexOf('href="/"'));
    expect(html).toMatch(/<p data-site-notice="" class="[^"]*">Away 24 Dec – 6 Jan/);
    expect(html).toContain('data-scrolled="false"');
    expect(html).not.toMatch(/aria-live|role="(?:status|alert|marquee)"/);
  });

  it('keeps its room under the fixed header with a copy hidden from everyone', () => {
    const html = spacer(notice);
    expect(html).toMatch(
      new RegExp(
        `^<div aria-hidden="true" class="invisible[^"]*"><p class="[^"]*">${notice}</p></div>`,
      ),
    );
    // Both wrap alike: the same classes on the text
    const classOf = (markup: string) => /<p[^>]*class="([^"]*)"[^>]*>Away/.exec(markup)?.[1];
    expect(classOf(html)).toBe(classOf(header(notice)));
  });

  it('adds no markup at all without a notice', () => {
    for (const none of [undefined, '']) {
      expect(header(none)).not.toMatch(/data-site-notice|data-scrolled|bg-accent-400/);
      expect(spacer(none)).toBe('<div class="shrink-0 h-18 md:h-20" aria-hidden="true"></div>');
    }
  });

  it('is the closure’s notice of the day the site is built for, and none without a closure', () => {
    expect(availability.notice).toBe(availabilityOn(business, buildDay()).notice);
    const open = { ...business, closure: { emergencies: true } };
    expect(availabilityOn(open, buildDay()).notice).toBe('');
  });
});
