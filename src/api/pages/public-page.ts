import type { AppContext } from '../context';
import { styledPagePolicy } from './page-security';

/** Escapes text for HTML (element content and quoted attribute values). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
a{color:#0b4fa8}a:focus,button:focus{outline:3px solid #fd0;outline-offset:2px}
.sandbox{background:#fde68a;padding:.5rem 1rem;border:2px solid #b45309}`;

/** The payment pages' policy: their one stylesheet, by hash; forms post only here; never framed. */
const POLICY = styledPagePolicy(CSS);

/**
 * A small, accessible page for the person paying (checkout and sandbox pages): language, title, one main
 * landmark with one heading, readable contrast, and an optional banner above it. Never cached: it reflects an
 * order's state at the moment.
 */
export function sendPublicPage(
  ctx: AppContext,
  o: { status?: number; title: string; body: string; banner?: string },
): void {
  ctx.status = o.status ?? 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', POLICY);
  ctx.body = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)} · Statutory Notice Placement</title>
<style>${CSS}</style></head>
<body>${o.banner ? `<p class="sandbox">${o.banner}</p>` : ''}<main><h1>${escapeHtml(o.title)}</h1>
${o.body}</main></body></html>`;
}
