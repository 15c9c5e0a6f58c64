/**
 * Brotli and gzip copies of the build's text files, each made once per content: a copy is kept
 * under the hash of what it compresses (node_modules/.cache/precompressed/), so a build, and above
 * all an owner's publish that changes one project, compresses only the files that changed.
 * Brotli at quality 11 is most of a build's time otherwise. The first-screen figures the build
 * prints (first-screen.ts) are read from copies kept the same way. Copies unused for two weeks are
 * removed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const UNUSED_FOR_MS = 14 * 24 * 60 * 60_000;

/** The settings are part of the key: other settings make other bytes */
const SETTINGS = 'br11-gz9';

export interface PrecompressedCache {
  /** Writes `file`.br and `file`.gz, from the cache when it has them; whether either was compressed anew */
  write(file: string, body: Buffer): Promise<boolean>;
  /** The size of `body`'s brotli copy, kept like a file's (the build's first-screen figures) */
  brotliBytes(body: Buffer): Promise<number>;
  /** Removes copies no build has used for two weeks */
  prune(): void;
}

export function precompressedCache(dir: string): PrecompressedCache {
  mkdirSync(dir, { recursive: true });

  async function cached(
    path: string,
    make: () => Promise<Buffer>,
  ): Promise<{ body: Buffer | string; made: boolean }> {
    try {
      const now = new Date();
      await utimes(path, now, now);
      return { body: path, made: false };
    } catch {
      const body = await make();
      // Written whole under another name first, so a build beside this one never reads half a copy
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(partial, body);
      await rename(partial, path);
      return { body, made: true };
    }
  }

  const put = (target: string, from: { body: Buffer | string }) =>
    typeof from.body === 'string' ? copyFile(from.body, target) : writeFile(target, from.body);

  const keyOf = (body: Buffer) => createHash('sha256').update(SETTINGS).update(body).digest('hex');
  const brotliCopy = (body: Buffer, key = keyOf(body)) =>
    cached(join(dir, `${key}.br`), () =>
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );

  return {
    async write(file, body) {
      const key = keyOf(body);
      const [br, gz] = await Promise.all([
        brotliCopy(body, key),
        cached(join(dir, `${key}.gz`), () => gzipped(body, { level: 9 })),
      ]);
      await Promise.all([put(`${file}.br`, br), put(`${file}.gz`, gz)]);
      return br.made || gz.made;
    },
    async brotliBytes(body) {
      const copy = await brotliCopy(body);
      return typeof copy.body === 'string' ? (await stat(copy.body)).size : copy.body.length;
    },
    prune() {
      const oldest = Date.now() - UNUSED_FOR_MS;
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < oldest)
          rmSync(path, { force: true });
      }
    },
  };
}
