import { createApiKey } from '../../src/db/api-keys.repository';
import { createOrganisation } from '../../src/db/organisations.repository';
import type { KeyMode } from '../../src/auth/api-key';
import type { BenchServices } from '../lib/services';

export interface BenchContext {
  services: BenchServices;
  /** When the running scenario should stop starting new work (epoch ms), to stay inside the time bound. */
  deadline: number;
  quick: boolean;
  /** Length of each timed autocannon run, and of its warm-up. */
  seconds: number;
  warmupSeconds: number;
  createCount: number;
  listSeed: number;
  listSamples: number;
  webhookCount: number;
  lifecycleOrders: number;
}

/** An organisation paying on account (no payment step) and a key of the given mode with both scopes. */
export async function benchOrganisation(services: BenchServices, name: string, mode: KeyMode = 'live') {
  const org = await createOrganisation(services.db, {
    name,
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
  });
  const { key } = await createApiKey(services.db, {
    organisationId: org.id,
    mode,
    scopes: ['orders:read', 'orders:write'],
  });
  return { organisationId: org.id, apiKey: key };
}
