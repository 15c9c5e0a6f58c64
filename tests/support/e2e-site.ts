/** Helpers the browser and HTTP tests share: the sitemap's pages and the error pages */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { buildFile } from './build.ts';

export const errorPages = ['/does-not-exist', '/gone', '/services/does-not-exist'] as const;

/** The paths of the built sitemap, read from the build when the tests are collected */
export function builtSitemapPaths(): string[] {
  const xml = readFileSync(buildFile('client', 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** Paths of every page the sitemap lists, read from the running server */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
