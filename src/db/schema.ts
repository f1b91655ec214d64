import type { ApiKeysTable } from './tables/api-keys';
import type { IdempotencyKeysTable } from './tables/idempotency-keys';
import type { IncidentsTable, IncidentUpdatesTable } from './tables/incidents';
import type { IntegrationHealthTable } from './tables/integration-health';
import type { IntegrationKeysTable } from './tables/integration-keys';
import type { MembersTable, SessionsTable, SettingsAuditLogTable, SignInLinksTable } from './tables/members';
import type { OrderAuditLogTable } from './tables/order-audit-log';
import type { OrderDocumentsTable } from './tables/order-documents';
import type { OrderEventsTable } from './tables/order-events';
import type { OrderReferencesTable } from './tables/order-references';
import type { OrdersTable } from './tables/orders';
import type { OrganisationsTable } from './tables/organisations';
import type { SentEmailsTable } from './tables/sent-emails';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from './tables/webhook-deliveries';
import type { WebhookEndpointsTable } from './tables/webhook-endpoints';

export interface Database {
  organisations: OrganisationsTable;
  api_keys: ApiKeysTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  order_audit_log: OrderAuditLogTable;
  order_documents: OrderDocumentsTable;
  order_references: OrderReferencesTable;
  idempotency_keys: IdempotencyKeysTable;
  integration_health: IntegrationHealthTable;
  integration_keys: IntegrationKeysTable;
  sent_emails: SentEmailsTable;
  incidents: IncidentsTable;
  incident_updates: IncidentUpdatesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  members: MembersTable;
  sign_in_links: SignInLinksTable;
  sessions: SessionsTable;
  settings_audit_log: SettingsAuditLogTable;
}
