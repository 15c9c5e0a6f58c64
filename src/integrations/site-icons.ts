/**
 * The site icon from its one source, src/assets/favicon.svg: pages carry it inline (see
 * BaseLayout), so no page waits on an icon request; the build also writes /favicon.svg for links
 * made to it, /apple-touch-icon.png (180 × 180, opaque), the crawlable icon search engines and
 * phones' home screens read, and the 192 and 512 px icons of the owner's page's web app manifest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { appleTouchIconPath } from '../lib/favicon.ts';
import { appIconPath, appIconSizes } from '../lib/owner-manifest.ts';

export const faviconSvg = readFileSync(
  fileURLToPath(new URL('../assets/favicon.svg', import.meta.url)),
  'utf8',
).trim();

const touchIconSize = 180;

/** The icon drawn at `size` pixels square */
export function iconAt(size: number): Buffer {
  return Buffer.from(faviconSvg.replace('<svg ', `<svg width="${size}" height="${size}" `));
}

/** The icon as an opaque PNG `size` pixels square, at `path` in the build */
const writePng = (clientDir: string, size: number, path: string) =>
  sharp(iconAt(size))
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(join(clientDir, path.slice(1)));

export async function writeSiteIcons(clientDir: string): Promise<string> {
  writeFileSync(join(clientDir, 'favicon.svg'), `${faviconSvg}\n`);
  const pngs = [
    { size: touchIconSize, path: appleTouchIconPath },
    ...appIconSizes.map((size) => ({ size, path: appIconPath(size) })),
  ];
  await Promise.all(pngs.map(({ size, path }) => writePng(clientDir, size, path)));
  return `favicon.svg and ${pngs.map(({ path }) => path.slice(1)).join(', ')} written`;
}
