/**
 * Visitors reading the site while the owner works on it: a loop of requests from the test process
 * (Node's fetch), a few a second, over some pages and the /_astro/ files each page references,
 * noting every answer other than 200 or 304 and every request that failed outright.
 */

export interface PageRequestLoop {
  /** Stops the loop after the request under way; what it saw */
  stop(): Promise<{ requests: number; problems: string[] }>;
}

/**
 * The /_astro/ files a page's HTML references by path (scripts, styles, pictures, the props of its
 * islands, where quotes are written &quot;), each once
 */
export function astroFilesOf(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(/(?<=["'\s,(=;])\/_astro\/[^"'\s,)<>?#&]+/g)].map((match) => match[0]),
    ),
  ];
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * Requests `paths` in turn, each page followed by the /_astro/ files it references, one request
 * every `intervalMs`, until stopped
 */
export function startPageRequestLoop(
  baseURL: string,
  paths: readonly string[],
  { intervalMs = 250 } = {},
): PageRequestLoop {
  let running = true;
  let requests = 0;
  const problems: string[] = [];

  /** One request: its body when it is a page answered 200, otherwise undefined */
  async function get(path: string): Promise<string | undefined> {
    requests++;
    try {
      const answer = await fetch(new URL(path, baseURL), {
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      const body = await answer.text();
      if (answer.status !== 200 && answer.status !== 304)
        problems.push(`${new Date().toISOString()} ${path}: ${answer.status}`);
      return answer.status === 200 &&
        (answer.headers.get('content-type') ?? '').startsWith('text/html')
        ? body
        : undefined;
    } catch (error) {
      problems.push(`${new Date().toISOString()} ${path}: ${(error as Error).message}`);
      return undefined;
    } finally {
      await sleep(intervalMs);
    }
  }

  const loop = (async () => {
    for (let turn = 0; running; turn++) {
      const html = await get(paths[turn % paths.length]!);
      for (const file of html ? astroFilesOf(html) : []) {
        if (!running) break;
        await get(file);
      }
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
      return { requests, problems };
    },
  };
}
