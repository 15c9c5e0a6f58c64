/**
 * src/client/goatcounter-taps.ts on a page of a static build with GoatCounter: a tap on a call or
 * e-mail link becomes one GoatCounter event named after the link's kind and the page, and nothing
 * else does; without count.js the tap goes ahead with nothing counted. Run against a stand-in for
 * the page (just what the script touches), loaded afresh for each test.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

/** An element as far as the script reads it: a tag, attributes and its parent */
class FakeElement {
  readonly tagName: string;
  readonly parent: FakeElement | null;
  private readonly attributes: Record<string, string>;

  constructor(
    tagName: string,
    attributes: Record<string, string> = {},
    parent: FakeElement | null = null,
  ) {
    this.tagName = tagName;
    this.attributes = attributes;
    this.parent = parent;
  }

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }

  /**
   * Element.closest for selectors of the form a[href^="…"]:not([…]), a[href^="…"] (the :not
   * optional); any other is an error
   */
  closest(selector: string): FakeElement | null {
    const parts = selector.split(',').map((part) => {
      const match = /^\s*a\[href\^="([^"]+)"\](?::not\(\[([\w-]+)\]\))?\s*$/.exec(part);
      if (!match) throw new Error(`The stand-in does not understand the selector ${part}`);
      return { prefix: match[1]!, without: match[2] };
    });
    const href = this.getAttribute('href');
    const matches = ({ prefix, without }: (typeof parts)[number]) =>
      href !== null &&
      href.startsWith(prefix) &&
      (without === undefined || this.getAttribute(without) === null);
    if (this.tagName === 'A' && parts.some(matches)) return this;
    return this.parent?.closest(selector) ?? null;
  }
}

/** The script is not a module (it exports nothing), so it is loaded by its address */
const script = new URL('../../src/client/goatcounter-taps.ts', import.meta.url).href;

type ClickListener = (event: { target: unknown; preventDefault(): void }) => void;

let listeners: ClickListener[];
let preventDefault: Mock<() => void>;

/** Loads the script into a page at `pathname`, with `goatcounter` as count.js left it (undefined: not loaded) */
async function loadOnPage(pathname: string, goatcounter?: object) {
  listeners = [];
  vi.stubGlobal('document', {
    addEventListener: (type: string, listener: ClickListener) => {
      if (type === 'click') listeners.push(listener);
    },
  });
  vi.stubGlobal('Element', FakeElement);
  vi.stubGlobal('location', { pathname });
  vi.stubGlobal('window', { goatcounter });
  vi.resetModules();
  await import(/* @vite-ignore */ script);
  expect(listeners, 'one click listener on the document').toHaveLength(1);
}

function tap(target: unknown) {
  for (const listener of listeners) listener({ target, preventDefault });
}

const callLink = new FakeElement('A', { href: 'tel:+6495550123' });
const callIcon = new FakeElement('svg', {}, callLink);
const emailLink = new FakeElement('A', { href: 'mailto:info@example.co.nz' });

beforeEach(() => {
  preventDefault = vi.fn<() => void>();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GoatCounter tap events', () => {
  it('counts a tap on a call link, or on the icon inside it, as a "tel-" event of the page, and lets the tap go ahead', async () => {
    const count = vi.fn();
    await loadOnPage('/services/switchboard-upgrades', { count });
    tap(callLink);
    tap(callIcon);
    expect(count.mock.calls).toEqual([
      [{ path: 'tel-/services/switchboard-upgrades', title: 'Call tap', event: true }],
      [{ path: 'tel-/services/switchboard-upgrades', title: 'Call tap', event: true }],
    ]);
    expect(preventDefault).not.toHaveBeenCalled();
  });

  it('counts a tap on an e-mail link as a "mailto-" event of the page', async () => {
    const count = vi.fn();
    await loadOnPage('/about', { count });
    tap(emailLink);
    expect(count.mock.calls).toEqual([
      [{ path: 'mailto-/about', title: 'E-mail tap', event: true }],
    ]);
  });

  it("counts nothing for other clicks: another link, another business's number, text, or something that is not an element", async () => {
    const count = vi.fn();
    await loadOnPage('/about', { count });
    const quoteLink = new FakeElement('A', { href: '/quote' });
    tap(quoteLink);
    tap(new FakeElement('span', {}, quoteLink));
    tap(new FakeElement('h1'));
    tap({ nodeType: 3, textContent: 'Call us' });
    // The lines company's number: a call, but not to the business
    tap(new FakeElement('A', { href: 'tel:+64508832867', 'data-elsewhere': '' }));
    expect(count).not.toHaveBeenCalled();
  });

  it('lets the tap go ahead, without an error, when count.js has not loaded or is not ready', async () => {
    for (const goatcounter of [undefined, {}]) {
      await loadOnPage('/about', goatcounter);
      expect(() => tap(callLink)).not.toThrow();
      expect(() => tap(emailLink)).not.toThrow();
    }
    expect(preventDefault).not.toHaveBeenCalled();
  });
});
