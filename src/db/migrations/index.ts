import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './20261122_0001_foundation';
import * as orderEngine from './20261122_0002_order_engine';
import * as webhooks from './20261122_0003_webhooks';
import * as notifications from './20261122_0004_notifications';
import * as rateLimitsExpire from './20261123_0005_rate_limits_expire';
import * as settingsConsole from './20261123_0007_settings_console';
import * as idempotencyOrders from './20261123_0101_idempotency_orders';
import * as orderLedger from './20261123_0201_order_ledger';
import * as publicationDateAdjusted from './20261123_0301_publication_date_adjusted';
import * as orderBody from './20261124_0401_order_body';
import * as newspaperReports from './20261125_3001_newspaper_reports';
import * as issuedDocuments from './20261125_3002_issued_documents';
import * as orderPlacement from './20261127_2801_order_placement';
import * as ordersClientRef from './20261127_3101_orders_client_ref';
import * as orderCancellationAndDeliveryFailure from './20261127_3102_order_cancellation_and_delivery_failure';
import * as quotaUsage from './20261127_3201_quota_usage';
import * as signInLinkRequested from './20261127_3202_sign_in_link_requested';
import * as billingEmailVerification from './20261127_3203_billing_email_verification';

/**
 * Migrations are listed explicitly rather than read from the folder, so they work the same from ts sources,
 * compiled dist files and bundles, and their order is visible in one place.
 */
const migrations: Record<string, Migration> = {
  '20261122_0001_foundation': foundation,
  '20261122_0002_order_engine': orderEngine,
  '20261122_0003_webhooks': webhooks,
  '20261122_0004_notifications': notifications,
  '20261123_0005_rate_limits_expire': rateLimitsExpire,
  '20261123_0007_settings_console': settingsConsole,
  '20261123_0101_idempotency_orders': idempotencyOrders,
  '20261123_0201_order_ledger': orderLedger,
  '20261123_0301_publication_date_adjusted': publicationDateAdjusted,
  '20261124_0401_order_body': orderBody,
  '20261125_3001_newspaper_reports': newspaperReports,
  '20261125_3002_issued_documents': issuedDocuments,
  '20261127_2801_order_placement': orderPlacement,
  '20261127_3101_orders_client_ref': ordersClientRef,
  '20261127_3102_order_cancellation_and_delivery_failure': orderCancellationAndDeliveryFailure,
  '20261127_3201_quota_usage': quotaUsage,
  '20261127_3202_sign_in_link_requested': signInLinkRequested,
  '20261127_3203_billing_email_verification': billingEmailVerification,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
