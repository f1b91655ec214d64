/** One entry of an order's audit log: who did what, when and why (written by the workflow, read by the console). */
export interface AuditEntry {
  id: string;
  orderId: string;
  organisationId: string;
  action: string;
  actor: string;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}
