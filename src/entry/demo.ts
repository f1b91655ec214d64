import { createApiKey } from '../db/api-keys.repository';
import type { Db } from '../db/database';
import { createOrganisation, listOrganisations } from '../db/organisations.repository';

/**
 * On the very first start (no organisation yet) creates a demo organisation on account with a live key
 * holding both scopes, and returns the key: the only moment it can be shown.
 */
export async function ensureDemoOrganisation(
  db: Db,
): Promise<{ organisationId: string; key: string } | null> {
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
  });
  return { organisationId: org.id, key };
}
