import type { Config } from '../config';
import { createApiKey } from '../db/api-keys.repository';
import type { Db } from '../db/database';
import { findMembersByEmail, insertMember } from '../db/members.repository';
import { createOrganisation, listOrganisations } from '../db/organisations.repository';
import { sendSignInLink, SIGN_IN_LINK_MINUTES } from '../settings/services/members.service';

/** The demo organisation's admin in the settings console (a reserved domain: no e-mail is ever delivered). */
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

/** First start only: a demo organisation, its admin and a live key, returned as only now can it be shown. */
export async function ensureDemoOrganisation(db: Db) {
  if ((await listOrganisations(db)).length > 0) return null;
  const org = await createOrganisation(db, {
    name: 'Demo Organisation',
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
  });
  const { key } = await createApiKey(db, {
    organisationId: org.id,
    mode: 'live',
    scopes: ['orders:read', 'orders:write'],
    name: 'demo key created by npm start',
    createdBy: 'npm start',
  });
  await insertMember(db, {
    organisationId: org.id,
    email: DEMO_ADMIN_EMAIL,
    role: 'admin',
    invitedBy: 'npm start',
  });
  return { organisationId: org.id, key };
}

/** A fresh sign-in link for the demo admin (printed, not e-mailed) and the command that prints another. */
export async function demoSignInLink(db: Db, config: Config) {
  const [admin] = await findMembersByEmail(db, DEMO_ADMIN_EMAIL);
  if (!admin) return null;
  const url = (await sendSignInLink({ db, config }, admin, { minutes: SIGN_IN_LINK_MINUTES }))!;
  const freshLinkCommand = `npx notices member sign-in-link --org ${admin.organisationId} --email ${DEMO_ADMIN_EMAIL}`;
  return { url, freshLinkCommand };
}
