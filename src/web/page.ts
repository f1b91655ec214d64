import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { html, Html, type Part } from './html';

/** A public page's HTML document: `head` holds its stylesheet. */
export const htmlPage = (title: string, head: Part, body: Part): string =>
  html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${head}
        <title>${title}</title>
      </head>
      <body>
        ${body}
      </body>
    </html>`.value;

/** The sender of pages whose one resource is their inline stylesheet, allowed by its SHA-256 hash. */
export function styledPages(css: string, cacheControl: 'no-store' | 'no-cache', head?: Html) {
  const hash = createHash('sha256').update(css).digest('base64');
  const policy = `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
  const style = [head, new Html(`<style>${css}</style>`)];
  return (ctx: Context, page: { status?: number; title: string; body: Part }): void => {
    ctx.status = page.status ?? 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', cacheControl);
    ctx.set('Content-Security-Policy', policy);
    ctx.body = htmlPage(page.title, style, page.body);
  };
}

/** Headers of a page built from its own asset files that shows secrets: nothing inline runs or is stored. */
export async function assetPageHeaders(ctx: Pick<Context, 'set'>, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  return next();
}

/**
 * Every page outside the JSON API is as strict as the console (docs/api.md "Security and limits"), set before
 * the route runs (/docs sets its own over them); no referrer leaves for other sites, as a `/pay/<id>` address
 * is a payment capability.
 */
export function pageSecurityHeaders(publicBaseUrl: string) {
  const publishedOverHttps = publicBaseUrl.startsWith('https:');
  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    // One year with subdomains, as the HSTS preload list asks (no `preload`: a choice). Browsers ignore HSTS
    // received over plain http (RFC 6797 §8.1), so a published https address is enough.
    if (ctx.secure || publishedOverHttps)
      ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return next();
  };
}
