import type { Db } from '../../db/database';
import {
  updateOrganisation,
  type Organisation,
  type OrganisationUpdate,
} from '../../db/organisations.repository';
import { audit, existingOrganisation, invalid, type Actor } from './actor';
import { parseEmail } from './members.service';

export const MAX_CONTACT_NAME = 200;
const MAX_ORGANISATION_NAME = 200;
/** A postal address: up to 6 lines of up to 100 characters. */
const MAX_ADDRESS_LINES = 6;
const MAX_ADDRESS_LINE = 100;

function checked(change: OrganisationUpdate): OrganisationUpdate {
  const out: OrganisationUpdate = { ...change };
  if (change.billingContactName !== undefined) {
    const name = (change.billingContactName ?? '').trim();
    if (name.length > MAX_CONTACT_NAME) {
      throw invalid(`The contact name is at most ${MAX_CONTACT_NAME} characters.`);
    }
    out.billingContactName = name || null;
  }
  if (change.billingAddress !== undefined) out.billingAddress = postalAddress(change.billingAddress);
  if (change.billingEmail !== undefined) {
    out.billingEmail = change.billingEmail?.trim() ? parseEmail(change.billingEmail) : null;
  }
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (!name || name.length > MAX_ORGANISATION_NAME) {
      throw invalid(`The name is 1 to ${MAX_ORGANISATION_NAME} characters.`);
    }
    out.name = name;
  }
  return out;
}

/**
 * The address VAT invoices are made out to, as lines: split on newlines or commas, each trimmed, empty ones
 * dropped; empty: none.
 */
function postalAddress(raw: string | null): string | null {
  const lines = (raw ?? '')
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_ADDRESS_LINES || lines.some((l) => l.length > MAX_ADDRESS_LINE)) {
    throw invalid(
      `The billing address is at most ${MAX_ADDRESS_LINES} lines of ${MAX_ADDRESS_LINE} characters.`,
    );
  }
  return lines.length > 0 ? lines.join('\n') : null;
}

const AUDITED = [
  { action: 'organisation.contact_changed', keys: ['billingContactName', 'billingEmail', 'billingAddress'] },
  { action: 'organisation.details_changed', keys: ['name', 'invoiceTermsDays'] },
] as const;

/** The audit entries of a change: one per kind of field changed (contact, operator's), with before and after. */
function auditEntries(before: Organisation, after: Organisation, change: OrganisationUpdate) {
  const pick = (o: Organisation, keys: readonly (keyof Organisation)[]) =>
    Object.fromEntries(keys.map((k) => [k, o[k]]));
  return AUDITED.filter((e) => e.keys.some((k) => change[k] !== undefined)).map((e) => ({
    action: e.action,
    details: { before: pick(before, e.keys), after: pick(after, e.keys) },
  }));
}

/**
 * The console (contact details, by an admin; an empty field removes the value) and the CLI's `org update`
 * (anything, by an operator) both come here, so both write the same audit entries. Absent fields stay as they
 * are; the name and invoice terms are ours to set (CLI only), as is the billing arrangement. Answers the
 * organisation changed, and whether it has a new billing e-mail, for the caller to send its verification link.
 */
export async function changeOrganisation(
  db: Db,
  actor: Actor,
  organisationId: string,
  change: OrganisationUpdate,
): Promise<{ organisation: Organisation; newBillingEmail: boolean }> {
  const update = checked(change);
  return db.transaction().execute(async (trx) => {
    const before = await existingOrganisation(trx, organisationId);
    // The same address again keeps its verification (billing-email.service.ts).
    if (update.billingEmail === before.billingEmail) delete update.billingEmail;
    const after = (await updateOrganisation(trx, organisationId, update))!;
    for (const entry of auditEntries(before, after, update)) {
      await audit(trx, actor, { organisationId, target: organisationId, ...entry });
    }
    return { organisation: after, newBillingEmail: !!update.billingEmail };
  });
}
