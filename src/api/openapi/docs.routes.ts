import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { AppContext, AppState } from '../context';
import { openApiDocumentText } from './document';

/** GET /v1/openapi.json: the contract, no authentication (it holds no secret), cacheable for an hour. */
export function openApiRoutes(): Router<AppState> {
  return new Router<AppState>().get('/openapi.json', (ctx: AppContext) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'application/json';
    ctx.body = openApiDocumentText();
  });
}

/** GET /docs: Redoc rendering /api/v1/openapi.json, its bundle served from npm's `redoc` (no CDN). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Statutory Notice Placement API: reference</title>
    <link rel="stylesheet" href="/docs/docs.css">
  </head>
  <body>
    <div id="redoc"></div>
    <script src="/docs/redoc.standalone.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// A separate file rather than an inline script, so the page works under a strict Content-Security-Policy.
const INIT = `Redoc.init('/api/v1/openapi.json', { hideDownloadButton: false, expandResponses: '200,201' }, document.getElementById('redoc'));\n`;

// Redoc's footer badge loads its logo from Redocly's CDN: hidden, and the policy below forbids it anyway.
const CSS = `body { margin: 0; }\na[href*="redocly.com"] { display: none; }\n`;

/** Everything from this process; Redoc needs inline styles (styled-components) and a blob: search worker. */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

let bundle: Buffer | undefined;
const redocBundle = () => (bundle ??= readFileSync(require.resolve('redoc/bundles/redoc.standalone.js')));

const JS = 'text/javascript; charset=utf-8';
/** The page and its files, by path under /docs: content type, caching, body. */
const FILES: Record<string, [type: string, cache: string, body: () => string | Buffer]> = {
  '/': ['text/html; charset=utf-8', 'no-cache', () => PAGE],
  '/init.js': [JS, 'no-cache', () => INIT],
  '/docs.css': ['text/css; charset=utf-8', 'no-cache', () => CSS],
  '/redoc.standalone.js': [JS, 'public, max-age=86400', redocBundle],
};

export function docsRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/docs' });
  for (const [path, [type, cache, body]] of Object.entries(FILES)) {
    router.get(path, (ctx: AppContext) => {
      ctx.set('Cache-Control', cache);
      if (path === '/') ctx.set('Content-Security-Policy', POLICY);
      ctx.type = type;
      ctx.body = body();
    });
  }
  return router;
}
