/**
 * An invite made as the owner makes one on the server, with `npm run owner:invite`: the script
 * run on the database at `leadsDb` for the site at `siteUrl`, its link read from its last line.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');

/** A new invite's token, made by `npm run owner:invite` on the database at `leadsDb` */
export async function makeInvite(
  leadsDb: string,
  siteUrl: string,
  { args = [], env = {} }: { args?: string[]; env?: Record<string, string> } = {},
): Promise<{ token: string; link: string; output: string }> {
  const { stdout } = await run(process.execPath, ['scripts/owner-invite.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LEADS_DB: leadsDb, SITE_URL: siteUrl, ...env },
  });
  const link = stdout.trim().split('\n').at(-1)!;
  return { token: new URL(link).hash.replace('#invite=', ''), link, output: stdout };
}
