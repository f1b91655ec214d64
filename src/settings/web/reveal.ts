import type { Actor } from '../services/actor';
import { actorOf, type ConsoleContext } from './context';
import { html, type Html } from '../../web/html';
import { adminChange, type PageMessages } from './refusals';

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

/** The secret a creation reveals, and how the page says so. */
export interface Revealed {
  notice: string;
  field: { id: string; label: string; secret: string; warning: string };
}

/**
 * The console's "create, then show the secret once" handler (API keys, webhook endpoints): admins only; the
 * form's input goes to the shared service as the signed-in member; the page comes back with the secret shown
 * once, or with the service's refusal.
 */
export function createAndReveal<I, C>(handler: {
  input: (ctx: ConsoleContext, organisationId: string) => I;
  create: (actor: Actor, input: I) => Promise<C>;
  reveal: (created: C) => Revealed;
  page: (ctx: ConsoleContext, messages: PageMessages) => Promise<void>;
}) {
  return adminChange(handler.page, async (ctx, s) => {
    const created = await handler.create(actorOf(s), handler.input(ctx, s.organisation.id));
    const { notice, field: f } = handler.reveal(created);
    return { notice, reveal: secretField(f.id, f.label, f.secret, f.warning) };
  });
}
