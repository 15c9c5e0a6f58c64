/**
 * Draws the sharing cards the built pages link in og:image (src/lib/seo/og-image.ts): each
 * picture's card once, however many pages share it, as a 1200 × 630 JPEG in dist/client/og/.
 * The picture fills the card; a dark band at the foot carries the logo roundel and the business
 * name, set by Pango so long names wrap instead of running off the card.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { business } from '../config/business.ts';
import {
  defaultOgScene,
  ogImageSize,
  ogImageSource,
  type OgImageSource,
} from '../lib/seo/og-image.ts';
import { iconAt } from './site-icons.ts';
import { escapeHtml } from '../server/support/html.ts';

const { width, height } = ogImageSize;
const illustrationsDir = fileURLToPath(new URL('../assets/illustrations/', import.meta.url));
/** A photo with an illustration's name replaces it, as in src/lib/pictures.ts */
const sceneExtensions = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'svg'];

const brand = '#0f2a44';
const accent = '#f5b700';
const margin = 60;
const roundel = 96;
const bandHeight = 300;
const nameBox = { width: width - 2 * margin - roundel - 28, height: 150 };

/** Card paths the built pages link, e.g. /og/_astro/hero-5-wide.CqujPnzq.svg.jpg */
function linkedCards(pages: readonly { html: string }[]): Set<string> {
  const cards = new Set<string>();
  for (const { html } of pages) {
    const content = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    if (content && ogImageSource(new URL(content).pathname)) cards.add(new URL(content).pathname);
  }
  return cards;
}

function sourceFile(source: OgImageSource, clientDir: string): string {
  if (source.kind === 'file') return join(clientDir, source.path);
  const found = sceneExtensions
    .map((extension) => join(illustrationsDir, `${defaultOgScene.name}.${extension}`))
    .find(existsSync);
  if (!found)
    throw new Error(
      `The default sharing scene ${defaultOgScene.name} is missing from src/assets/illustrations`,
    );
  return found;
}

/** The picture scaled to cover the card; an SVG is rasterised at the density that size needs */
async function background(file: string): Promise<Buffer> {
  const input = readFileSync(file);
  const {
    width: sourceWidth = width,
    height: sourceHeight = height,
    format,
  } = await sharp(input).metadata();
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const image = format === 'svg' ? sharp(input, { density: 72 * scale }) : sharp(input);
  return image.resize(width, height, { fit: 'cover' }).toBuffer();
}

/** The band the name sits on: clear at the top so the scene shows, nearly solid under the text */
const bandSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="band" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${brand}" stop-opacity="0"/>
    <stop offset="0.3" stop-color="${brand}" stop-opacity="0.88"/>
    <stop offset="1" stop-color="${brand}" stop-opacity="0.96"/>
  </linearGradient></defs>
  <rect y="${height - bandHeight}" width="${width}" height="${bandHeight}" fill="url(#band)"/>
  <rect y="${height - 12}" width="${width}" height="12" fill="${accent}"/>
</svg>`;

/** The layers every card shares, drawn once per build */
async function overlays(name: string): Promise<OverlayOptions[]> {
  const text = await sharp({
    text: {
      text: `<span foreground="white">${escapeHtml(name)}</span>`,
      font: 'sans-serif Bold',
      width: nameBox.width,
      height: nameBox.height,
      wrap: 'word',
      rgba: true,
    },
  })
    .png()
    .toBuffer();
  const textHeight = (await sharp(text).metadata()).height ?? nameBox.height;
  const foot = height - margin;
  return [
    { input: Buffer.from(bandSvg) },
    { input: iconAt(roundel), left: margin, top: Math.round(foot - (textHeight + roundel) / 2) },
    { input: text, left: margin + roundel + 28, top: foot - textHeight },
  ];
}

/** Writes every card the built pages link; returns what it did, for the build log */
export async function writeOgImages(
  clientDir: string,
  pages: readonly { html: string }[],
  name: string = business.name,
): Promise<string> {
  const started = performance.now();
  const cards = linkedCards(pages);
  const layers = await overlays(name);
  await Promise.all(
    [...cards].map(async (card) => {
      const source = ogImageSource(card)!;
      const file = join(clientDir, card);
      mkdirSync(dirname(file), { recursive: true });
      const jpeg = await sharp(await background(sourceFile(source, clientDir)))
        .composite(layers)
        // The plain encoder: mozjpeg saves about 15 % of the bytes but triples the time this step adds to the build
        .jpeg({ quality: 82, progressive: true })
        .toBuffer();
      writeFileSync(file, jpeg);
    }),
  );
  return `${cards.size} sharing images drawn in ${Math.round(performance.now() - started)} ms`;
}
