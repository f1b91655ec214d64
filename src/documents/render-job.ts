import type { Order } from '../orders/order';
import type { CertificateFacts } from './certificate-facts';
import type { CreditNoteFacts } from './credit-note';
import type { VatInvoiceFacts } from './invoice';
import type { SignatureInfo, SigningIdentity } from './signing';

/** How an issued document is signed on the render thread (its key as PEM: plain data, structured-cloneable). */
export interface SigningJob {
  identity: SigningIdentity;
  info: SignatureInfo;
}

/** One document to typeset, as sent to a render thread (structured-cloneable: plain data and Dates). */
export type RenderJob =
  | { document: 'proof'; order: Order; columns: 1 | 2; publicBaseUrl?: string }
  | { document: 'vat_invoice'; order: Order; invoice: VatInvoiceFacts; signing: SigningJob }
  | { document: 'vat_credit_note'; order: Order; creditNote: CreditNoteFacts; signing: SigningJob }
  | { document: 'certificate'; order: Order; certificate: CertificateFacts; signing: SigningJob };

/** How much lower than its process a render thread runs (render-thread.ts), so event loops come first. */
export const RENDER_THREAD_NICENESS = 10;
