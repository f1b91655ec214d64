/**
 * The one home of HTML escaping: the console, the public pages (/pay, /sandbox, /status, /verify) and the
 * e-mails' HTML form all write markup through `html`, or escape through `escapeHtml`.
 */

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Markup already escaped (or written by us): interpolated as is. */
export class Html {
  constructor(readonly value: string) {}
}

export type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** The only way to write markup: every interpolated value is escaped unless it is itself `html`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

type TimeStyle = 'medium' | 'short';
const ukTime = (timeStyle: TimeStyle) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle, timeZone: 'Europe/London' });
const UK_TIME = { medium: ukTime('medium'), short: ukTime('short') };

/** A `<time>` in UK time (to the second; `short`: the minute), machine-readable in its attribute. */
export function time(value: Date | string | null | undefined, none = '—', style: TimeStyle = 'medium'): Html {
  if (!value) return html`${none}`;
  const d = typeof value === 'string' ? new Date(value) : value;
  return html`<time datetime="${d.toISOString()}">${UK_TIME[style].format(d)}</time>`;
}
