import type { BenchServices } from '../lib/services';

export interface BenchContext {
  services: BenchServices;
  /** Bearer key of the bench organisation (on account, both scopes). */
  apiKey: string;
  organisationId: string;
  quick: boolean;
  seconds: number;
  warmupSeconds: number;
  createCount: number;
  listSeed: number;
  lifecycleOrders: number;
}
