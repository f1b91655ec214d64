/**
 * A complete production configuration (every variable production requires, placeholder values): tests that
 * load a production config start from it and remove or change what they are about.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_BASE_URL: 'https://notices.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  WEBHOOK_SECRET_ENCRYPTION_KEY: 'ab'.repeat(32),
  CURSOR_SIGNING_KEY: 'cd'.repeat(32),
  BANK_ACCOUNT_NAME: 'Notices Ltd',
  BANK_SORT_CODE: '20-00-00',
  BANK_ACCOUNT_NUMBER: '12345678',
  STRIPE_SECRET_KEY: 'sk_live_placeholder',
  STRIPE_WEBHOOK_SECRET: 'whsec_placeholder',
  SUPPLIER_NAME: 'Notices Ltd',
  SUPPLIER_ADDRESS: '1 Park Row, Leeds, LS1 5AB',
  SUPPLIER_VAT_NUMBER: 'GB 123 4567 89',
  SUPPLIER_EMAIL: 'notices@example.com',
  DOCUMENT_SIGNING_KEY_FILE: '/run/secrets/document-signing-key.pem',
  DOCUMENT_SIGNING_CERT_FILE: '/run/secrets/document-signing-cert.pem',
};

export function productionEnvWithout(...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([k]) => !names.includes(k)));
}
