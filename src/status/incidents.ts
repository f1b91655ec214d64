import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  addIncidentUpdate,
  createIncident,
  findIncident,
  organisationsWithOrdersInFlight,
  type Incident,
} from '../db/incidents.repository';
import { findOrganisation } from '../db/organisations.repository';
import { listSentEmails, markEmailFailed } from '../db/sent-emails.repository';
import type { Mailer } from '../mail/mailer';
import { EmailDeferredError, EmailRejectedError, sendOnce } from '../mail/send-once';
import { renderIncidentEmail } from '../mail/templates/incident';
import { affectsOrderProcessing, componentLabel, type Component } from './components';

export interface IncidentDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
}

type IncidentPhase = 'opened' | 'resolved';

export interface IncidentEmailResult {
  organisationId: string;
  recipients: string[];
  status: 'sent' | 'already_sent' | 'already_failed' | 'failed';
  error?: string;
}

export class IncidentError extends Error {}

export async function openIncident(
  deps: IncidentDeps,
  input: { title: string; components: Component[]; message: string },
) {
  const incident = await createIncident(deps.db, input);
  return { incident, emails: await notifyIncident(deps, incident, 'opened') };
}

export async function resolveIncident(deps: IncidentDeps, id: string, message: string) {
  const incident = await updateIncident(deps, id, message, 'resolved');
  return { incident, emails: await notifyIncident(deps, incident, 'resolved') };
}

/** Posts an update (or the resolution) to an incident still open. */
export async function updateIncident(
  deps: IncidentDeps,
  id: string,
  message: string,
  kind: 'update' | 'resolved' = 'update',
) {
  const current = await findIncident(deps.db, id);
  if (!current) throw new IncidentError(`No incident ${id}.`);
  if (current.status === 'resolved') throw new IncidentError(`Incident ${id} is already resolved.`);
  return (await addIncidentUpdate(deps.db, id, kind, message))!;
}

interface Audience extends Pick<IncidentEmailResult, 'organisationId' | 'recipients'> {
  name: string;
  orderReferences: string[];
}

/**
 * Who hears of an incident: every organisation with orders in flight (its billing contact, else the orders'
 * contacts); on resolution, also every organisation told of the opening.
 */
async function audienceOf(deps: IncidentDeps, incident: Incident, phase: IncidentPhase): Promise<Audience[]> {
  const audiences = new Map<string, Audience>();
  for (const org of await organisationsWithOrdersInFlight(deps.db)) {
    const contacts = [...new Set(org.orders.map((o) => o.contactEmail).filter((e): e is string => !!e))];
    audiences.set(org.id, {
      organisationId: org.id,
      name: org.name,
      recipients: org.billingEmail ? [org.billingEmail] : contacts,
      orderReferences: org.orders.map((o) => o.reference),
    });
  }
  if (phase === 'resolved') {
    for (const email of await listSentEmails(deps.db, { incidentId: incident.id })) {
      if (email.kind !== 'incident.opened' || email.status !== 'sent' || !email.organisationId) continue;
      if (audiences.has(email.organisationId)) continue;
      const org = await findOrganisation(deps.db, email.organisationId);
      audiences.set(email.organisationId, {
        organisationId: email.organisationId,
        name: org?.name ?? email.organisationId,
        recipients: email.recipients,
        orderReferences: [],
      });
    }
  }
  return [...audiences.values()];
}

/** E-mails the incident's opening or resolution once per organisation (keyed in `sent_emails`). */
export async function notifyIncident(
  deps: IncidentDeps,
  incident: Incident,
  phase: IncidentPhase,
): Promise<IncidentEmailResult[]> {
  if (!affectsOrderProcessing(incident.components)) return [];
  const message = [...incident.updates].reverse().find((u) => u.kind === phase)?.message ?? incident.title;
  const results: IncidentEmailResult[] = [];
  const audiences = await audienceOf(deps, incident, phase);
  for (const { organisationId, name, recipients, orderReferences } of audiences) {
    const email = renderIncidentEmail({
      incident: { ...incident, components: incident.components.map(componentLabel) },
      phase,
      message,
      organisationName: name,
      orderReferences,
      statusUrl: `${deps.config.publicBaseUrl}/status`,
    });
    const key = `incident:${incident.id}:${phase}:${organisationId}`;
    const intent = { key, kind: `incident.${phase}`, organisationId, incidentId: incident.id, recipients };
    const send = () => sendOnce(deps.db, deps.mailer, deps.config.mail.from, { intent, email });
    results.push({ organisationId, recipients, ...(await sendWithRetries(deps, send, key)) });
  }
  return results;
}

/** A few quick attempts in-process for transient problems; then the e-mail is recorded as failed. */
async function sendWithRetries(
  deps: IncidentDeps,
  send: () => ReturnType<typeof sendOnce>,
  key: string,
): Promise<Pick<IncidentEmailResult, 'status' | 'error'>> {
  const delays = [1000, 5000];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { status: await send() };
    } catch (err) {
      if (err instanceof EmailRejectedError) return { status: 'failed', error: err.message };
      if (!(err instanceof EmailDeferredError)) throw err;
      if (attempt >= delays.length) {
        await markEmailFailed(deps.db, key, `Gave up after ${attempt + 1} attempts: ${err.message}`);
        return { status: 'failed', error: err.message };
      }
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
