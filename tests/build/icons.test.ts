/** The site icon: inline in every page (no request before the page paints), and crawlable files */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { buildFile, clientDir } from '../support/build.ts';

const source = readFileSync('src/assets/favicon.svg', 'utf8').trim();
// Every page but the redirect stubs, which only send the browser on
const pages = [...(await loadSiteFiles(clientDir)).values()]
  .filter((file) => file.contentType.startsWith('text/html'))
  .filter((file) => !readFileSync(file.absolutePath, 'utf8').includes('http-equiv="refresh"'));

describe('the site icon', () => {
  it('is inline in every page, as the source drawing, with the touch icon beside it', () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages) {
      const html = readFileSync(page.absolutePath, 'utf8');
      const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)"/.exec(html)?.[1];
      expect(icon && decodeURIComponent(icon), page.absolutePath).toBe(source);
      expect(html, page.absolutePath).toContain(
        '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
      );
    }
  });

  it('is drawn at 192 and 512 px for the manifest of the owner’s page, which the page links', async () => {
    const manifest = JSON.parse(readFileSync(buildFile('client', 'owner.webmanifest'), 'utf8')) as {
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const png = await sharp(join(clientDir, icon.src)).metadata();
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
      expect({ format: png.format, alpha: png.hasAlpha }, icon.src).toEqual({
        format: 'png',
        alpha: false,
      });
    }
    expect(readFileSync(buildFile('client', 'owner', 'index.html'), 'utf8')).toContain(
      '<link rel="manifest" href="/owner.webmanifest">',
    );
  });

  it('is written as /favicon.svg and as an opaque 180 × 180 /apple-touch-icon.png', async () => {
    expect(readFileSync(buildFile('client', 'favicon.svg'), 'utf8').trim()).toBe(source);
    const png = await sharp(join(clientDir, 'apple-touch-icon.png')).metadata();
    expect({
      format: png.format,
      width: png.width,
      height: png.height,
      alpha: png.hasAlpha,
    }).toEqual({
      format: 'png',
      width: 180,
      height: 180,
      alpha: false,
    });
  });
});
