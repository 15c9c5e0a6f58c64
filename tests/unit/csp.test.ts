/** The build's CSP settings and the GoatCounter setting, on environments passed in */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/config/routes.ts';
import { cspConfig, cspDirectives, cspScriptResources, formEndpoint } from '../../src/lib/csp.ts';
import { goatCounter } from '../../src/lib/goatcounter.ts';

/** A directive's sources by name, from cspDirectives' list */
function directive(list: string[], name: string): string[] {
  const found = list.find((entry) => entry.split(' ')[0] === name);
  expect(found, name).toBeDefined();
  return found!.split(' ').slice(1);
}

const selfHosted = { PUBLIC_GOATCOUNTER_URL: 'https://stats.example.com/count' };
const hosted = { PUBLIC_GOATCOUNTER_URL: 'https://mycode.goatcounter.com/count' };

describe('cspDirectives without PUBLIC_GOATCOUNTER_URL', () => {
  it("allows only the site's own origin for images, connections and forms", () => {
    const list = cspDirectives({});
    expect(directive(list, 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(list, 'connect-src')).toEqual(["'self'"]);
    expect(directive(list, 'form-action')).toEqual(["'self'"]);
    expect(list.join(';')).not.toMatch(/goatcounter|stats\.example|zgo\.at/i);
  });

  it('keeps the default script-src (Astro adds the hashes to it)', () => {
    expect(cspScriptResources({})).toBeUndefined();
    expect(cspConfig({})).toEqual({ directives: cspDirectives({}) });
  });

  it('treats an empty setting as unset', () => {
    expect(cspDirectives({ PUBLIC_GOATCOUNTER_URL: '' })).toEqual(cspDirectives({}));
    expect(cspConfig({ PUBLIC_GOATCOUNTER_URL: ' ' })).toEqual(cspConfig({}));
  });

  it('still adds a hosted form service, and only for forms and connections', () => {
    const list = cspDirectives({ PUBLIC_FORM_ENDPOINT: 'https://formspree.io/f/abc' });
    expect(directive(list, 'connect-src')).toEqual(["'self'", 'https://formspree.io']);
    expect(directive(list, 'form-action')).toEqual(["'self'", 'https://formspree.io']);
    expect(directive(list, 'img-src')).toEqual(["'self'", 'data:']);
  });
});

describe('cspDirectives with PUBLIC_GOATCOUNTER_URL', () => {
  it('lets a self-hosted instance load count.js and receive the count, and nothing more', () => {
    const list = cspDirectives(selfHosted);
    expect(directive(list, 'img-src')).toEqual([
      "'self'",
      'data:',
      'https://stats.example.com/count',
    ]);
    expect(directive(list, 'connect-src')).toEqual(["'self'", 'https://stats.example.com/count']);
    expect(directive(list, 'form-action')).toEqual(["'self'"]);
    expect(directive(list, 'default-src')).toEqual(["'self'"]);
    expect(cspScriptResources(selfHosted)).toEqual(["'self'", 'https://stats.example.com']);
    expect(cspConfig(selfHosted)).toEqual({
      directives: list,
      scriptDirective: { resources: ["'self'", 'https://stats.example.com'] },
    });
  });

  it("allows gc.zgo.at, where GoatCounter's hosted service serves count.js", () => {
    expect(cspScriptResources(hosted)).toEqual(["'self'", 'https://gc.zgo.at']);
    expect(directive(cspDirectives(hosted), 'connect-src')).toEqual([
      "'self'",
      'https://mycode.goatcounter.com/count',
    ]);
  });

  it('combines with a hosted form service', () => {
    const list = cspDirectives({
      ...selfHosted,
      PUBLIC_FORM_ENDPOINT: 'https://formspree.io/f/abc',
    });
    expect(directive(list, 'connect-src')).toEqual([
      "'self'",
      'https://formspree.io',
      'https://stats.example.com/count',
    ]);
  });
});

describe('goatCounter', () => {
  it('is off unless set', () => {
    expect(goatCounter({})).toBeUndefined();
  });

  it('loads count.js from a self-hosted instance, under a base path too', () => {
    expect(goatCounter(selfHosted)).toEqual({
      endpoint: 'https://stats.example.com/count',
      script: 'https://stats.example.com/count.js',
    });
    expect(goatCounter({ PUBLIC_GOATCOUNTER_URL: 'https://example.com/stats/count' })?.script).toBe(
      'https://example.com/stats/count.js',
    );
  });

  it('loads count.js from gc.zgo.at for the hosted service', () => {
    expect(goatCounter(hosted)).toEqual({
      endpoint: 'https://mycode.goatcounter.com/count',
      script: 'https://gc.zgo.at/count.js',
    });
  });

  it.each([
    'stats.example.com/count',
    'https://mycode.goatcounter.com',
    'https://mycode.goatcounter.com/',
    'https://stats.example.com/count?x=1',
    'javascript:alert(1)//count',
    'ftp://stats.example.com/count',
  ])('refuses %s at build time, naming the setting', (value) => {
    expect(() => goatCounter({ PUBLIC_GOATCOUNTER_URL: value })).toThrow(/PUBLIC_GOATCOUNTER_URL/);
  });
});

describe('formEndpoint', () => {
  it('is the Node server’s own endpoint unless a form service is set', () => {
    expect(formEndpoint({})).toBe(apiPaths.leads);
    expect(formEndpoint({ PUBLIC_FORM_ENDPOINT: '' })).toBe(apiPaths.leads);
    expect(formEndpoint({ PUBLIC_FORM_ENDPOINT: 'https://formspree.io/f/abc' })).toBe(
      'https://formspree.io/f/abc',
    );
  });
});
