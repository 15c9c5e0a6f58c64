/**
 * Debian's nginx for the tests of a build (tests/build): run in the foreground from a prefix
 * directory of its own, with a generated nginx.conf around the http-level lines a test gives,
 * on a free loopback port. Missing nginx is not an error: the tests skip, saying why.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServerProcess } from './script-helpers.ts';

export const nginxBinary = process.env['NGINX'] ?? '/usr/sbin/nginx';
export const hasNginx = existsSync(nginxBinary);

/** Prints why `what` is skipped where nginx is not installed */
export function warnWithoutNginx(what: string): void {
  if (!hasNginx)
    console.warn(`Skipping ${what}: ${nginxBinary} is not installed (apt-get install nginx-light)`);
}

export interface RunningNginx {
  port: number;
  /** What nginx wrote to its error log so far */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the lines `httpLines(port)` gives inside its http { } block, where `port` is
 * the free port to listen on; started once HEAD `readyPath` answers 200.
 */
export async function startNginx(
  httpLines: (port: number) => string[],
  readyPath: string,
): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-test-'));
  const errorLogPath = join(prefix, 'error.log');
  const errorLog = () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '');
  const port = await freePort();
  const runningAsRoot = process.getuid?.() === 0;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      // As root, nginx would hand the workers to `nobody`, who may not read the build
      ...(runningAsRoot ? ['user root;'] : []),
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLogPath} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `  ${name}_temp_path ${join(prefix, name)};`,
      ),
      ...httpLines(port).map((line) => `  ${line}`),
      '}',
      '',
    ].join('\n'),
  );
  try {
    const nginx = await startServerProcess({
      command: [nginxBinary, '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', errorLogPath],
      port,
      readyPath,
      startTimeoutMs: 10_000,
    });
    return {
      port,
      errorLog,
      stop: async () => {
        await nginx.stop(5_000);
        rmSync(prefix, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = errorLog();
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
}
