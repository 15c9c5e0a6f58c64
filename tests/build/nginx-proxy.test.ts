/**
 * The documented reverse proxy, deploy/nginx-proxy.conf, run by Debian's nginx in front of the
 * real site server (without its TLS, on loopback ports): the owner's save of a phone's photo of
 * several megabytes gets through and is written; a quote request or a save larger than Node would
 * take is refused by nginx itself, the save in the site server's own words; bodies reach Node as they arrive, so a slow save is given the owner's
 * allowance while a slow form is cut off by Node's deadline. The proxy's limits and timeouts are
 * also checked against the numbers of the server they stand in front of, which a test cannot wait
 * out. Skipped, with the reason printed, where nginx is not installed (CI installs nginx-light).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/config/routes.ts';
import { PHOTOS_DIRECTORY } from '../../src/lib/content-schemas.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { SAVE_TOO_LARGE_MESSAGE, UPDATE_MAX_BYTES } from '../../src/server/editor/api.ts';
import { PHOTO_MAX_SIDE } from '../../src/server/editor/photos.ts';
import {
  BODY_DEADLINE_MS,
  PHOTO_UPLOAD_DEADLINE_MS,
  UPLOAD_DEADLINE_MS,
} from '../../src/server/http/body-deadline.ts';
import { PHOTO_REQUEST_MAX_BYTES } from '../../src/lib/photos.ts';
import { MAX_BODY_BYTES } from '../../src/server/leads/form-body.ts';
import { FORM, urlencoded } from '../support/form-bodies.ts';
import {
  bytesOf,
  millisecondsOf,
  parseNginx,
  printNginx,
  valueIn,
  type Directive,
} from '../support/nginx-config.ts';
import { hasNginx, startNginx, warnWithoutNginx, type RunningNginx } from '../support/nginx.ts';
import { grainyPhonePhoto } from '../support/phone-photo.ts';
import { rawExchange, repoRoot, send } from '../support/server.ts';
import {
  EDITOR_SITE_URL,
  ownersSave,
  postHead,
  startEditorSite,
  trickle,
  type EditorSite,
} from '../support/editor-site.ts';

warnWithoutNginx('the tests of deploy/nginx-proxy.conf run by nginx');

const PROXY_CONF = join(repoRoot, 'deploy', 'nginx-proxy.conf');
/** Node's deadline for a visitor's body here, short enough to trickle past within a test */
const DEADLINE_MS = 500;
const PROJECT = 'switchboard-howick';
const projectFile = `src/content/projects/${PROJECT}.yaml`;
const photoFile = `${PHOTOS_DIRECTORY}/${PROJECT}/photos/0/src.jpg`;
const updatePath = `${editorPaths.api}update`;

const proxyConf = () => parseNginx(readFileSync(PROXY_CONF, 'utf8'));

/** The server block that holds the locations (the others only redirect), and its locations by path */
function mainServer(conf: readonly Directive[]): {
  server: Directive;
  locations: Map<string, Directive>;
} {
  const servers = conf.filter(
    (directive) =>
      directive.name === 'server' && directive.block?.some(({ name }) => name === 'location'),
  );
  if (servers.length !== 1)
    throw new Error(
      `${PROXY_CONF} should have one server block with locations, not ${servers.length}`,
    );
  const server = servers[0]!;
  // Named locations (@name) answer nginx's own errors; the others take requests
  const locations = new Map(
    server
      .block!.filter(({ name, args }) => name === 'location' && !args.at(-1)!.startsWith('@'))
      .map((location) => [location.args.at(-1)!, location]),
  );
  return { server, locations };
}

/**
 * The proxy made runnable here: its upstream, pointed at Node on `nodePort`, and its main server
 * block without TLS, listening on `port`. Throws when the file's shape is not the one this
 * expects, so the test can never pass on a config that lost what it tests.
 */
function proxyOnLoopback(conf: readonly Directive[], port: number, nodePort: number): Directive[] {
  const upstreams = conf.filter(({ name }) => name === 'upstream');
  if (upstreams.length !== 1)
    throw new Error(`${PROXY_CONF} should have one upstream, not ${upstreams.length}`);
  const upstream = upstreams[0]!;
  const upstreamServers = upstream.block!.filter(({ name }) => name === 'server');
  if (upstreamServers.length !== 1)
    throw new Error(`The upstream of ${PROXY_CONF} should name one server`);
  upstreamServers[0]!.args = [`127.0.0.1:${nodePort}`];

  const { server, locations } = mainServer(conf);
  const body = server.block!;
  const listens = body.filter(({ name }) => name === 'listen');
  if (listens.length === 0 || !listens.every(({ args }) => args.includes('ssl'))) {
    throw new Error(`The main server of ${PROXY_CONF} should listen with TLS alone`);
  }
  if (!body.some(({ name }) => name.startsWith('ssl_')))
    throw new Error(`The main server of ${PROXY_CONF} has no ssl_ settings`);
  for (const [path, location] of locations) {
    const pass = location.block!.filter(({ name }) => name === 'proxy_pass');
    if (pass.length !== 1 || pass[0]!.args[0] !== `http://${upstream.args[0]}`) {
      throw new Error(
        `location ${path} of ${PROXY_CONF} should pass to the upstream ${upstream.args[0]}`,
      );
    }
  }
  const plainServer: Directive = {
    ...server,
    block: [
      { name: 'listen', args: [`127.0.0.1:${port}`] },
      ...body.filter(({ name }) => name !== 'listen' && !name.startsWith('ssl_')),
    ],
  };
  return [upstream, plainServer];
}

describe('deploy/nginx-proxy.conf, against the numbers of the Node server behind it', () => {
  const { server, locations } = mainServer(proxyConf());
  const editor = locations.get(editorPaths.api);
  /** Each location, with the body size and the deadline Node gives the requests it passes */
  const limits = [...locations].map(([path, location]) =>
    location === editor
      ? { path, location, maxBytes: UPDATE_MAX_BYTES, deadlineMs: UPLOAD_DEADLINE_MS }
      : path === apiPaths.leads
        ? {
            path,
            location,
            maxBytes: PHOTO_REQUEST_MAX_BYTES,
            deadlineMs: PHOTO_UPLOAD_DEADLINE_MS,
          }
        : { path, location, maxBytes: MAX_BODY_BYTES, deadlineMs: BODY_DEADLINE_MS },
  );

  it('has a location for every request, one for the editor’s saves and one for the quote form’s photos', () => {
    expect([...locations.keys()]).toEqual(
      expect.arrayContaining(['/', editorPaths.api, apiPaths.leads]),
    );
  });

  it('lets through the largest body Node takes there, and nothing larger', () => {
    for (const { path, location, maxBytes } of limits) {
      expect(bytesOf(valueIn('client_max_body_size', location, server)), path).toBe(maxBytes);
    }
  });

  it('waits on the client and on Node longer than Node’s own deadline, so Node’s decides', () => {
    for (const { path, location, deadlineMs } of limits) {
      for (const timeout of ['client_body_timeout', 'proxy_send_timeout', 'proxy_read_timeout']) {
        expect(
          millisecondsOf(valueIn(timeout, location, server)),
          `${path} ${timeout}`,
        ).toBeGreaterThan(deadlineMs);
      }
    }
  });

  it('passes every body on as it arrives', () => {
    for (const { path, location } of limits)
      expect(valueIn('proxy_request_buffering', location, server), path).toBe('off');
  });
});

describe.skipIf(!hasNginx)(
  'deploy/nginx-proxy.conf run by nginx in front of the site server',
  () => {
    let site: EditorSite | undefined;
    let nginx: RunningNginx | undefined;

    beforeAll(async () => {
      site = await startEditorSite(DEADLINE_MS);
      nginx = await startNginx(
        (port) => printNginx(proxyOnLoopback(proxyConf(), port, site!.port)).split('\n'),
        '/robots.txt',
      );
    });

    afterAll(async () => {
      await nginx?.stop();
      await site?.close();
    });

    const through = () => ({ port: nginx!.port });
    const quoteRequest = (message: string) =>
      urlencoded([
        ['name', 'Aroha Smith'],
        ['phone', '021 555 0199'],
        ['message', message],
      ]);

    it('the owner’s save of a project with a phone’s photo of several megabytes is answered 200 and written', async () => {
      const yaml = `${readFileSync(join(site!.siteDir, projectFile), 'utf8')}photos:\n  - src: ../../assets/projects/${PROJECT}/photos/0/src.jpg\n    alt: The new switchboard with every circuit labelled\n`;
      const body = ownersSave([
        { path: projectFile, contents: yaml },
        { path: photoFile, contents: await grainyPhonePhoto() },
      ]);
      // Megabytes, as a phone's photo is: far over what a quote request may be
      expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
      const answer = await send(through(), {
        method: 'POST',
        path: updatePath,
        headers: { 'Content-Type': 'application/json', Origin: EDITOR_SITE_URL, 'no-cors': '1' },
        body,
        timeoutMs: 25_000,
      });
      expect(answer.status, answer.text()).toBe(200);
      expect(readFileSync(join(site!.siteDir, projectFile), 'utf8')).toBe(yaml);
      const written = await sharp(readFileSync(join(site!.siteDir, photoFile))).metadata();
      expect([written.format, Math.max(written.width, written.height)]).toEqual([
        'jpeg',
        PHOTO_MAX_SIDE,
      ]);
      expect(JSON.parse(answer.text())).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: photoFile })]),
      );
    });

    it('a quote request is passed on, and one larger than Node would take with its photos is refused by nginx before it reaches Node', async () => {
      const small = quoteRequest('The kitchen power points trip the RCD.');
      const passed = await send(through(), {
        method: 'POST',
        path: apiPaths.leads,
        headers: { 'Content-Type': FORM },
        body: small,
      });
      expect([passed.status, site!.quoteReads.at(-1)]).toEqual([200, `read ${small.length} bytes`]);

      // Up to 5 photos may come with it: what is larger than those is refused before Node
      const readsBefore = site!.quoteReads.length;
      const refused = await rawExchange(nginx!.port, [
        postHead(apiPaths.leads, 'multipart/form-data; boundary=x', PHOTO_REQUEST_MAX_BYTES + 1),
      ]);
      expect(refused.statuses).toEqual([413]);
      // nginx's own page: the site server's answers are never HTML pages titled like this
      expect(refused.received).toContain('<title>413 Request Entity Too Large</title>');
      expect(site!.quoteReads).toHaveLength(readsBefore);
    });

    it('a save larger than Node would take is refused by nginx in the site server’s own plain words', async () => {
      const refused = await rawExchange(nginx!.port, [
        postHead(updatePath, 'application/json', UPDATE_MAX_BYTES + 1, true),
      ]);
      const [head = '', body = ''] = refused.received.split('\r\n\r\n');
      expect(refused.statuses).toEqual([413]);
      expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
      expect(body).toBe(SAVE_TOO_LARGE_MESSAGE);
    });

    it('the owner’s save sent more slowly than a visitor’s body may arrive is answered 200 and written', async () => {
      const title = 'Switchboard upgrade sent over a weak signal';
      const contents = readFileSync(join(site!.siteDir, projectFile), 'utf8').replace(
        /^title: .*$/m,
        `title: ${title}`,
      );
      const body = ownersSave([{ path: projectFile, contents }]);
      const head = postHead(updatePath, 'application/json', body.length, true);
      const { received } = await trickle(nginx!.port, head, body, 10, DEADLINE_MS * 4);
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(readFileSync(join(site!.siteDir, projectFile), 'utf8')).toContain(`title: ${title}`);
    });

    it('while a quote request sent at that pace reaches Node as it arrives, and is cut off at Node’s deadline', async () => {
      const body = Buffer.from(quoteRequest('The kitchen power points trip the RCD. '.repeat(20)));
      const { received } = await trickle(
        nginx!.port,
        postHead(apiPaths.leads, FORM, body.length),
        body,
        10,
        DEADLINE_MS * 4,
      );
      // nginx tells the client that Node closed the connection
      expect(received).toMatch(/^HTTP\/1\.1 502 /);
      // Had nginx gathered the body first, Node would have had it all at once, and read it
      expect(site!.quoteReads.at(-1)).toBe('unreadable');
    });
  },
);
