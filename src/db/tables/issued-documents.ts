import type { ColumnType, JSONColumnType } from 'kysely';
import type { IssuedDocumentKind } from '../../orders/documents';
import type { CreatedNow } from './columns';

/** What an issued document certifies or charges, as its verification page shows it. */
export interface DocumentSummary {
  title: string;
  /** Label and value pairs, in the order shown ("Newspaper", "Yorkshire Evening Post"). */
  facts: Array<[string, string]>;
}

/** Documents we issue and stand behind (migration 20261125_3002): one per order and issue key. */
export interface IssuedDocumentsTable {
  id: string;
  order_id: string;
  organisation_id: string;
  livemode: boolean;
  kind: IssuedDocumentKind;
  /** What makes it this document of the order (`certificate:newspaper`, `vat_invoice:1`…): issued once. */
  issue_key: string;
  /** VAT documents' number, from a gapless series; null for certificates. */
  number: string | null;
  issued_at: Date;
  summary: JSONColumnType<DocumentSummary>;
  /** The exact PDF issued, and its SHA-256 (hex): null between the reservation and the first stored render. */
  content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer>;
  sha256: ColumnType<string | null, string | null | undefined, string>;
  created_at: CreatedNow;
}

/** The last number drawn in each series (`live:vat_invoice`, `test:vat_credit_note`…). */
export interface DocumentNumberSeriesTable {
  series: string;
  last_number: number;
}
