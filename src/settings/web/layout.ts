import { html, type Html, type Part } from '../../web/html';
import { htmlPage } from '../../web/page';
import { isAdmin, sessionOf, type ConsoleContext, type ConsoleSession } from './context';

const SECTIONS = [
  ['/settings/keys', 'API keys'],
  ['/settings/webhooks', 'Webhooks'],
  ['/settings/orders', 'Orders'],
  ['/settings/members', 'People'],
  ['/settings/organisation', 'Organisation'],
] as const;

type Attributes = Record<string, string | number | boolean | null | undefined>;

/** Attributes of an element: `true` writes the name alone; `false`, null and undefined leave it out. */
const attributes = (a: Attributes) =>
  Object.entries(a).map(([name, v]) =>
    v === true ? html` ${name}` : v === false || v === null || v === undefined ? '' : html` ${name}="${v}"`,
  );

/** A console POST form: the synchroniser token in a hidden field, then `body`. */
export const postForm = (action: string, csrf: string, body: Part, inline = false) =>
  html`<form method="post" action="${action}" ${attributes({ class: inline && 'inline' })}>
    <input type="hidden" name="_csrf" value="${csrf}" /> ${body}
  </form>`;

export const submit = (text: string, a: Attributes = {}) =>
  html`<button type="submit" ${attributes(a)}>${text}</button>`;

/** A change made by one button, in line with the text around it. */
export const postButton = (action: string, csrf: string, text: string, a: Attributes = {}) =>
  postForm(action, csrf, submit(text, a), true);

/** A labelled input (the label may carry a muted hint). */
export const input = (id: string, label: Part, type: string, name: string, a: Attributes = {}) =>
  html`<label for="${id}">${label}</label
    ><input type="${type}" id="${id}" name="${name}" ${attributes(a)} />`;

type Items = readonly string[] | Record<string, Part>;
/** Values that are their own labels, or labels by value, as pairs. */
const labelled = (items: Items) =>
  Array.isArray(items) ? items.map((v: string) => [v, v] as const) : Object.entries(items);

/** A labelled select of `items`; `any` labels an empty first choice. */
export function select(
  id: string,
  label: string,
  name: string,
  items: Items,
  o: { current?: string; any?: string } = {},
) {
  const options = labelled(
    o.any === undefined ? items : { '': o.any, ...Object.fromEntries(labelled(items)) },
  );
  return html`<label for="${id}">${label}</label
    ><select id="${id}" name="${name}">
      ${options.map(([value, text]) => html`<option value="${value}" ${attributes({ selected: value === o.current })}>${text}</option>`)}
    </select>`;
}

/** A fieldset of radio buttons or checkboxes, the `ticked` values checked. */
export function choices(
  type: 'radio' | 'checkbox',
  legend: string,
  name: string,
  items: Items,
  ticked: readonly string[],
) {
  return html`<fieldset>
    <legend>${legend}</legend>
    ${labelled(items).map(([value, label]) => {
      const checked = ticked.includes(value);
      return html`<label
        ><input type="${type}" name="${name}" value="${value}" ${attributes({ checked })} /> ${label}</label
      >`;
    })}
  </fieldset>`;
}

/** The live and test radio buttons of a new key or endpoint, live ticked. */
export const modeChoice = (live: string, test: string) =>
  choices('radio', 'Mode', 'mode', { live, test }, ['live']);

export const modeBadge = (mode: string) =>
  html`<span class="mode-${mode}">${mode === 'live' ? 'Live' : 'Test'}</span>`;

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
      <p class="who">
        ${s.member.email} (${s.member.role}) ${postButton('/settings/sign-out', s.csrfToken, 'Sign out')}
      </p>
    </div>
    <nav aria-label="Settings sections">
      <ul>
        ${SECTIONS.map(
          ([href, label]) =>
            html`<li>
              <a href="${href}" ${attributes({ 'aria-current': current(href) && 'page' })}>${label}</a>
            </li>`,
        )}
      </ul>
    </nav>
  </header>`;
}

/** What a page shows after a change: a notice (role=status), a problem to fix (role=alert), a secret. */
export interface PageMessages {
  notice?: string;
  error?: string;
  /** The refusal's status when not 400 (a quota: 409 for what is held, 429 for a window). */
  errorStatus?: number;
  reveal?: Html;
}

/** Answers a console page: landmarks, a skip link, one h1, and the messages announced to screen readers. */
export function sendPage(
  ctx: ConsoleContext,
  o: PageMessages & { title: string; body: Part },
  status = o.error ? (o.errorStatus ?? 400) : 200,
): void {
  const org = ctx.state.session?.organisation.name;
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = htmlPage(
    `${o.title} · ${org ? `${org} · ` : ''}Settings · Statutory Notice Placement`,
    html`<link rel="stylesheet" href="/settings/assets/console.css" />
      <script src="/settings/assets/console.js" defer></script>`,
    html`<a class="skip" href="#main">Skip to main content</a>
      ${header(ctx)}
      <main id="main" tabindex="-1">
        <h1>${o.title}</h1>
        ${o.error ? html`<div class="error" role="alert"><p>${o.error}</p></div>` : ''}
        ${o.notice ? html`<div class="notice" role="status"><p>${o.notice}</p></div>` : ''} ${o.body}
      </main>`,
  );
}

/** A page of the signed-in member's organisation, shown alone or with a change's messages. */
export type ConsolePage = (ctx: ConsoleContext, messages?: PageMessages) => Promise<void>;

/** A page whose body `render` builds for the member (`admin`: with the forms); a secret comes first. */
export function consolePage(
  title: string,
  render: (ctx: ConsoleContext, s: ConsoleSession, admin: boolean) => Promise<Part>,
): ConsolePage {
  return async (ctx, o = {}) => {
    const s = sessionOf(ctx);
    sendPage(ctx, { ...o, title, body: html`${o.reveal ?? ''} ${await render(ctx, s, isAdmin(s))}` });
  };
}

export interface Confirmation {
  title: string;
  question: Part;
  button: string;
  /** Where Cancel leads: a change that cannot be undone, asked with a danger button. */
  cancel?: string;
  /** The form's token: the session's unless given (a page opened from an e-mail). */
  csrf?: string;
  /** The e-mailed link's token, carried to the POST. */
  token?: string;
}

/** The page asking to confirm a change before its POST to the same address: the question, the button, a way back. */
export function sendConfirmation(ctx: ConsoleContext, o: Confirmation): void {
  const token = o.token !== undefined && html`<input type="hidden" name="token" value="${o.token}" />`;
  const cancel = o.cancel && html`<a href="${o.cancel}">Cancel</a>`;
  sendPage(ctx, {
    title: o.title,
    body: html`<p>${o.question}</p>
      ${postForm(
        ctx.path,
        o.csrf ?? sessionOf(ctx).csrfToken,
        html`${token} ${submit(o.button, { class: o.cancel && 'danger' })} ${cancel}`,
      )}`,
  });
}
