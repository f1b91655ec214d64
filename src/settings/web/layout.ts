import { html, type Html, type Part } from '../../web/html';
import { isAdmin, sessionOf, type ConsoleContext, type ConsoleSession } from './context';

const SECTIONS = [
  ['/settings/keys', 'API keys'],
  ['/settings/webhooks', 'Webhooks'],
  ['/settings/orders', 'Orders'],
  ['/settings/members', 'People'],
  ['/settings/organisation', 'Organisation'],
] as const;

/** The hidden field every console form carries: the session's synchroniser token. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}" />`;

export interface PageOptions {
  title: string;
  body: Part;
  /** A confirmation to announce (role=status). */
  notice?: string | null;
  /** A problem to fix (role=alert). */
  error?: string | null;
}

function header(ctx: ConsoleContext): Html {
  const s = ctx.state.session;
  if (!s) {
    return html`<header>
      <div class="bar"><p class="brand">Statutory Notice Placement · Settings</p></div>
    </header>`;
  }
  const current = (href: string) => ctx.path === href || ctx.path.startsWith(`${href}/`);
  return html`<header>
<div class="bar">
<p class="brand">${s.organisation.name} · Settings</p>
<p class="who">${s.member.email} (${s.member.role})
<form method="post" action="/settings/sign-out">${csrfField(s.csrfToken)}<button type="submit">Sign out</button></form></p>
</div>
<nav aria-label="Settings sections"><ul>${SECTIONS.map(
    ([href, label]) =>
      html`<li><a href="${href}" ${current(href) ? html` aria-current="page"` : ''}>${label}</a></li>`,
  )}</ul></nav>
</header>`;
}

/** Every console page: landmarks, a skip link, one h1, and the messages announced to screen readers. */
export function page(ctx: ConsoleContext, o: PageOptions): string {
  const org = ctx.state.session?.organisation.name;
  return html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${o.title} · ${org ? `${org} · ` : ''}Settings · Statutory Notice Placement</title>
        <link rel="stylesheet" href="/settings/assets/console.css" />
        <script src="/settings/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to main content</a>
        ${header(ctx)}
        <main id="main" tabindex="-1">
          <h1>${o.title}</h1>
          ${o.error ? html`<div class="error" role="alert"><p>${o.error}</p></div>` : ''}
          ${o.notice ? html`<div class="notice" role="status"><p>${o.notice}</p></div>` : ''} ${o.body}
        </main>
      </body>
    </html> `.value;
}

/** What a page shows after a change: a notice, a refusal, or a secret revealed once. */
export interface PageMessages {
  notice?: string;
  error?: string;
  /** The refusal's status when not 400 (a quota: 409 for what is held, 429 for a window). */
  errorStatus?: number;
  reveal?: Html;
}

/** A page of the signed-in member's organisation, shown alone or with a change's messages. */
export type ConsolePage = (ctx: ConsoleContext, messages?: PageMessages) => Promise<void>;

/**
 * A console page whose body `render` builds for the signed-in member (`admin`: with the forms that change
 * settings). A refusal answers 400 (or its own status); a revealed secret comes first.
 */
export function consolePage(
  title: string,
  render: (ctx: ConsoleContext, s: ConsoleSession, admin: boolean) => Promise<Part>,
): ConsolePage {
  return async (ctx, o = {}) => {
    const s = sessionOf(ctx);
    const body = await render(ctx, s, isAdmin(s));
    sendPage(
      ctx,
      { title, notice: o.notice, error: o.error, body: html`${o.reveal ?? ''} ${body}` },
      o.error ? (o.errorStatus ?? 400) : 200,
    );
  };
}

/** A select's option, selected when it is the current value. */
export const option = (value: string, label: string, current?: string) =>
  html`<option value="${value}" ${value === current ? html` selected` : ''}>${label}</option>`;

/** A description list of labels and values; `false` leaves a pair out, a missing value shows as a dash. */
export function definitions(pairs: readonly (readonly [string, Part] | false)[]): Html {
  return html`<dl>
    ${pairs.map(
      (p) =>
        p &&
        html`<dt>${p[0]}</dt>
          <dd>${p[1] ?? '—'}</dd>`,
    )}
  </dl>`;
}

/** A shown-once secret: a selectable read-only field, plus a copy button once the script runs. */
export function secretField(id: string, label: string, value: string, warning: string): Html {
  return html`<div class="warning" role="alert">
      <p><strong>${warning}</strong></p>
    </div>
    <label for="${id}">${label}</label>
    <input type="text" class="secret" id="${id}" value="${value}" readonly aria-describedby="${id}-copied" />
    <button type="button" data-copy="${id}" hidden>Copy</button>
    <p id="${id}-copied" class="muted" aria-live="polite"></p>`;
}

/** Answers the page with the console's headers (no caching, no framing, no referrer carrying a token). */
export function sendPage(ctx: ConsoleContext, o: PageOptions, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page(ctx, o);
}

export interface Confirmation {
  title: string;
  question: Part;
  action: string;
  button: string;
  cancel: string;
}

/** The page asking to confirm a change that cannot be undone: the question, a danger button, a way back. */
export function sendConfirmation(ctx: ConsoleContext, o: Confirmation): void {
  sendPage(ctx, {
    title: o.title,
    body: html`<p>${o.question}</p>
      <form method="post" action="${o.action}">
        ${csrfField(sessionOf(ctx).csrfToken)} <button type="submit" class="danger">${o.button}</button>
        <a href="${o.cancel}">Cancel</a>
      </form>`,
  });
}
