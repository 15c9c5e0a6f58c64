/**
 * `npm run screenshots -- /path …`: full-page screenshots of a running site (BASE_URL, default
 * http://127.0.0.1:4321) at phone (390 px) and desktop (1280 px) widths, into OUT_DIR (default
 * test-results/screenshots), for looking at what a change did.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.ts';

const baseUrl = process.env['BASE_URL'] ?? 'http://127.0.0.1:4321';
const outDir = process.env['OUT_DIR'] ?? 'test-results/screenshots';
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const widths = [390, 1280];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  for (const path of paths.length > 0 ? paths : ['/']) {
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    // Scroll through so lazy images load, then reveal everything the scroll effect would
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
      document
        .querySelectorAll('[data-reveal]')
        .forEach((el) => el.setAttribute('data-revealed', ''));
    });
    await page.waitForTimeout(800);
    const file = join(outDir, `${path.replace(/\W+/g, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
