/** Uses of a quota on a window by one organisation in one mode, in one window (src/quotas/quotas.ts). */
export interface QuotaUsageTable {
  organisation_id: string;
  mode: 'live' | 'test';
  quota: string;
  window_start: Date;
  window_end: Date;
  used: number;
}
