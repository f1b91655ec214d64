import type { Db } from '../../db/database';
import { findOrganisation, updateOrganisation, type Organisation } from '../../db/organisations.repository';
import { recordSettingsChange } from '../../db/settings-audit.repository';
import { actorLabel, notFound, SettingsRefused, type Actor } from './actor';
import { parseEmail } from './members.service';

export const MAX_CONTACT_NAME = 200;

/**
 * The contact details the service e-mails (invoices, incident notices go to the billing e-mail). An empty
 * field removes the value. The billing arrangement itself is ours to set (CLI), never the organisation's.
 */
export async function updateContactDetails(
  db: Db,
  actor: Actor,
  organisationId: string,
  input: { billingContactName: string; billingEmail: string },
): Promise<Organisation> {
  const name = input.billingContactName.trim();
  if (name.length > MAX_CONTACT_NAME) {
    throw new SettingsRefused('invalid', `The contact name is at most ${MAX_CONTACT_NAME} characters.`);
  }
  const email = input.billingEmail.trim() ? parseEmail(input.billingEmail) : null;
  const before = await findOrganisation(db, organisationId);
  if (!before) throw notFound('organisation', organisationId);
  const change = { billingContactName: name || null, billingEmail: email };
  return db.transaction().execute(async (trx) => {
    const after = (await updateOrganisation(trx, organisationId, change))!;
    await recordSettingsChange(trx, {
      organisationId,
      actor: actorLabel(actor),
      action: 'organisation.contact_changed',
      target: organisationId,
      details: {
        before: { billingContactName: before.billingContactName, billingEmail: before.billingEmail },
        after: change,
      },
    });
    return after;
  });
}
