import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressedCache } from '../../src/integrations/precompressed-cache.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'precompressed-'));
  folders.push(root);
  const cacheDir = join(root, 'cache');
  return { root, cacheDir, cache: precompressedCache(cacheDir) };
}

const page = (words: string) =>
  Buffer.from(`<!doctype html><title>${words}</title>${'<p>Switchboard upgrades. '.repeat(200)}`);

describe('the precompressed copies', () => {
  it('are written beside a file, and made once per content', async () => {
    const { root, cacheDir, cache } = setUp();
    const body = page('Howick');
    const first = join(root, 'index.html');
    const second = join(root, 'copy.html');
    writeFileSync(first, body);

    expect(await cache.write(first, body)).toBe(true);
    expect(await cache.write(second, body)).toBe(false);
    for (const file of [first, second]) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(body);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(body);
    }
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it("give a text's brotli size from the copy a file of the same content made, and keep a new text's", async () => {
    const { root, cacheDir, cache } = setUp();
    const body = page('Pakuranga');
    const file = join(root, 'index.html');
    await cache.write(file, body);

    expect(await cache.brotliBytes(body)).toBe(readFileSync(`${file}.br`).length);
    expect(readdirSync(cacheDir)).toHaveLength(2);

    const start = body.subarray(0, 900);
    const bytes = await cache.brotliBytes(start);
    expect(bytes).toBe(
      brotliCompressSync(start, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
    expect(readdirSync(cacheDir)).toHaveLength(3);
    expect(await cache.brotliBytes(start)).toBe(bytes);
    expect(readdirSync(cacheDir)).toHaveLength(3);
  });
});
