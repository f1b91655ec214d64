/**
 * The documents we issue for an order and stand behind (`documents`): certificates of publication, VAT invoices
 * and credit notes, each issued once with its exact bytes' SHA-256 recorded, checkable at its `verifyUrl`.
 */
export const ISSUED_DOCUMENT_KINDS = ['certificate', 'vat_invoice', 'vat_credit_note'] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];
/** Each kind's name, as its documents and its verification page give it (a VAT document's number follows). */
export const ISSUED_DOCUMENT_NAMES: Record<IssuedDocumentKind, string> = {
  certificate: 'Certificate of publication',
  vat_invoice: 'VAT invoice',
  vat_credit_note: 'VAT credit note',
};

export interface IssuedDocumentRef {
  /** `doc_` + 22 characters: the document's public identity (its verification page). */
  id: string;
  kind: IssuedDocumentKind;
  /** VAT documents: the invoice or credit note number (INV-000123, CN-000045; TEST-… in test mode). */
  number?: string;
  /** What it is, in words: "Certificate of publication: Yorkshire Evening Post, 7 December 2026". */
  title: string;
  issuedAt: string;
  /** VAT documents: the amount including VAT, in pence (a credit note's is what it credits). */
  totalGbpPence?: number;
  /** SHA-256 of the exact PDF issued (hex). */
  sha256: string;
  /** The PDF (API key of the order's organisation). */
  url: string;
  verifyUrl: string;
}

/** The one place order document addresses are built: the order's current proof, certificate or invoice. */
export const orderDocumentUrl = (base: string, orderId: string, kind: 'proof' | 'certificate' | 'invoice') =>
  `${base}/api/v1/orders/${orderId}/${kind}`;
/** One issued document's PDF, and its public verification page. */
export const documentUrl = (base: string, orderId: string, documentId: string) =>
  `${base}/api/v1/orders/${orderId}/documents/${documentId}`;
export const verifyUrl = (base: string, documentId: string) => `${base}/verify/${documentId}`;

/** The order's documents with one more (or the same one again, replaced: an issue is idempotent). */
export const withDocument = (documents: readonly IssuedDocumentRef[] | null, added: IssuedDocumentRef) => [
  ...(documents ?? []).filter((d) => d.id !== added.id),
  added,
];
