import { html, Html } from '../../web/html';
import type { AppContext } from '../context';
import { styledPagePolicy } from './page-security';

const CSS = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
a{color:#0b4fa8}a:focus,button:focus{outline:3px solid #fd0;outline-offset:2px}
.sandbox{background:#fde68a;padding:.5rem 1rem;border:2px solid #b45309}`;

/** The payment pages' policy: their one stylesheet, by hash; forms post only here; never framed. */
const POLICY = styledPagePolicy(CSS);
/** Our own stylesheet, inserted byte for byte as written (its hash is in the policy). */
const STYLE = new Html(`<style>${CSS}</style>`);

/**
 * A small, accessible page for the person paying (checkout and sandbox pages): language, title, one main
 * landmark with one heading, readable contrast, and an optional banner above it. Never cached: it reflects an
 * order's state at the moment.
 */
export function sendPublicPage(
  ctx: AppContext,
  o: { status?: number; title: string; body: Html; banner?: Html },
): void {
  ctx.status = o.status ?? 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', POLICY);
  const banner = o.banner && html`<p class="sandbox">${o.banner}</p>`;
  ctx.body = html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${o.title} · Statutory Notice Placement</title>
        ${STYLE}
      </head>
      <body>
        ${banner}
        <main>
          <h1>${o.title}</h1>
          ${o.body}
        </main>
      </body>
    </html>`.value;
}
