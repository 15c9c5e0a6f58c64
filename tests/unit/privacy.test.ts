import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyStatement } from '../../src/pages/_components/privacy/PrivacyStatement.tsx';
import {
  collectedFields,
  listInWords,
  privacySetup,
  type PrivacySetup,
} from '../../src/lib/privacy.ts';
import { HERO_FIELDS, QUOTE_FIELDS } from '../../src/lib/validation.ts';

/** The statement's text as a reader gets it: tags dropped, entities and whitespace as the browser shows them */
function textOf(html: string): string {
  return html
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('listInWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b'])).toBe('a and b');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('collectedFields', () => {
  it('names every field of the hero form, and every further field of the quote form, once', () => {
    const { heroForm, quoteFormAlso } = collectedFields();
    expect(heroForm).toHaveLength(HERO_FIELDS.length);
    expect(heroForm.length + quoteFormAlso.length).toBe(QUOTE_FIELDS.length);
    expect(new Set([...heroForm, ...quoteFormAlso]).size).toBe(QUOTE_FIELDS.length);
    expect(heroForm.join(' ')).toMatch(/name.*email.*message/);
    expect(quoteFormAlso.join(' ')).toMatch(/phone.*address.*service/);
  });
});

describe('privacySetup', () => {
  it('built for the Node server: requests stay on it, and it counts visits', () => {
    expect(privacySetup({})).toEqual({ formService: null, serverCounts: true, goatCounter: null });
  });

  it('with a hosted form service and GoatCounter: names both hosts, and the server counts nothing', () => {
    const env = {
      PUBLIC_FORM_ENDPOINT: 'https://formspree.io/f/abcd1234',
      PUBLIC_GOATCOUNTER_URL: 'https://harbour.goatcounter.com/count',
    };
    expect(privacySetup(env)).toEqual({
      formService: 'formspree.io',
      serverCounts: false,
      goatCounter: 'harbour.goatcounter.com',
    });
  });
});

describe('PrivacyStatement', () => {
  const render = (setup: PrivacySetup) =>
    textOf(renderToStaticMarkup(createElement(PrivacyStatement, { setup })));

  it('built for the Node server: stored on our own server, counted there without cookies, DNT respected', () => {
    const text = render({ formService: null, serverCounts: true, goatCounter: null });
    expect(text).toContain('stored in a database on our own web server');
    expect(text).toContain('no cookies');
    expect(text).toContain('Do Not Track or Global Privacy Control');
    expect(text).not.toContain('GoatCounter');
  });

  it('with a hosted form service and GoatCounter: names both, and claims no server-side counting', () => {
    const text = render({
      formService: 'formspree.io',
      serverCounts: false,
      goatCounter: 'harbour.goatcounter.com',
    });
    expect(text).toContain('sent to formspree.io, an online form service');
    expect(text).not.toContain('our own web server');
    expect(text).toContain('counted with GoatCounter (harbour.goatcounter.com)');
    expect(text).not.toContain('Do Not Track');
  });

  it('with neither counter: says nothing is counted', () => {
    const text = render({ formService: 'formspree.io', serverCounts: false, goatCounter: null });
    expect(text).toContain('no cookies, and no analytics or advertising services');
    expect(text).not.toContain('our server counts');
  });
});
