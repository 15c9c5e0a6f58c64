import { describe, expect, it } from 'vitest';
import { moveIslandRuntimeToEnd } from '../../src/integrations/island-runtime.ts';

const directive =
  '<script>(()=>{var a=1;(self.Astro||(self.Astro={})).interaction=a;window.dispatchEvent(new Event("astro:interaction"));})();</script>';
const element =
  '<script>(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
const layout = '<script type="module">document.body.dataset.ready=""</script>';

describe('the island runtime', () => {
  it('moves to the end of the body, in its order, after the content it held back', () => {
    const html = `<html><body><header>H</header><main>${directive}${element}<h1>Hero</h1><astro-island></astro-island></main>${layout}</body></html>`;
    expect(moveIslandRuntimeToEnd(html)).toBe(
      `<html><body><header>H</header><main><h1>Hero</h1><astro-island></astro-island></main>${layout}${directive}${element}</body></html>`,
    );
  });

  it('leaves a page without islands as it is', () => {
    const html = `<html><body><h1>Hi</h1><script>console.log(1)</script>${layout}</body></html>`;
    expect(moveIslandRuntimeToEnd(html)).toBe(html);
  });
});
