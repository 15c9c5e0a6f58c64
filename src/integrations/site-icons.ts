/**
 * The site icon from its one source, src/assets/favicon.svg: pages carry it inline (see
 * BaseLayout), so no page waits on an icon request; the build also writes /favicon.svg for links
 * made to it, and /apple-touch-icon.png (180 × 180, opaque), the crawlable icon search engines and
 * phones' home screens read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { appleTouchIconPath } from '../lib/favicon.ts';

export const faviconSvg = readFileSync(fileURLToPath(new URL('../assets/favicon.svg', import.meta.url)), 'utf8').trim();

const touchIconSize = 180;

/** The icon drawn at `size` pixels square */
export function iconAt(size: number): Buffer {
  return Buffer.from(faviconSvg.replace('<svg ', `<svg width="${size}" height="${size}" `));
}

export async function writeSiteIcons(clientDir: string): Promise<string> {
  writeFileSync(join(clientDir, 'favicon.svg'), `${faviconSvg}\n`);
  await sharp(iconAt(touchIconSize))
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(join(clientDir, appleTouchIconPath.slice(1)));
  return `favicon.svg and ${appleTouchIconPath.slice(1)} written`;
}
