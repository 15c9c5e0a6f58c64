/**
 * `astro dev` answers /api/ as the Node server does, with its own lead service (LEADS_DB and the
 * other settings from the environment), so the forms work in development too.
 */
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/**
 * In development every path under the site counts as a page, and no page is built, so a native
 * post with a mistake gets the plain problem page rather than its form filled in
 */
const devSite = {
  isPage: (path: string) => path.startsWith('/') && !path.startsWith('//'),
  readPage: () => Promise.resolve(null),
};

/**
 * The server's own modules, loaded by Node from the source on the first request to /api/ (this
 * file runs inside Vite's config loader, whose module runner is gone by then)
 */
function loadApi(root: URL): ApiHandler {
  const load = createRequire(new URL('package.json', root));
  const { createApp } = load('./src/server/app.ts') as typeof import('../server/app.ts');
  const app = createApp(process.env, { site: devSite, built: null });
  app.start();
  return app.api;
}

export function leadsDevApi(): AstroIntegration {
  let root: URL;
  let api: ApiHandler | undefined;
  return {
    name: 'leads-dev-api',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = config.root;
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          if (!req.url?.startsWith('/api/')) return next();
          try {
            api ??= loadApi(root);
          } catch (error) {
            next(error);
            return;
          }
          Promise.resolve(api(req, res)).catch(next);
        });
      },
    },
  };
}
