import { facts, link, renderEmail } from './render';

export interface IncidentMailInput {
  /** `components`: what the status page calls each affected component. */
  incident: { id: string; title: string; components: string[] };
  phase: 'opened' | 'resolved';
  message: string;
  organisationName: string;
  /** References of the organisation's orders in flight (a few are listed). */
  orderReferences: string[];
  statusUrl: string;
}

const MAX_LISTED = 10;

/** Tells an organisation with orders in flight that an incident affects order processing, or that it is over. */
export function renderIncidentEmail(input: IncidentMailInput) {
  const { incident, phase } = input;
  const subject = phase === 'opened' ? `Service incident: ${incident.title}` : `Resolved: ${incident.title}`;
  const refs = input.orderReferences.slice(0, MAX_LISTED);
  const more = input.orderReferences.length - refs.length;
  return renderEmail({
    subject,
    blocks: [
      `Hello ${input.organisationName},`,
      phase === 'opened'
        ? 'An incident is affecting order processing. Orders you have in flight may be delayed; nothing is lost, and they continue automatically once it is resolved.'
        : 'The incident that affected order processing has been resolved. Orders in flight continue as normal.',
      input.message,
      facts([
        ['Affected', incident.components.join(', ')],
        ['Incident', incident.id],
      ]),
      refs.length > 0 && 'Your orders in flight:',
      refs.length > 0 && { kind: 'list', items: more > 0 ? [...refs, `and ${more} more`] : refs },
      link('Service status', input.statusUrl),
    ],
  });
}
