import type { CreatedNow } from './columns';

export type DocumentKind = 'proof' | 'certificate' | 'invoice';

/** Generated PDFs (proof, certificate of publication, invoice), one per order and kind. */
export interface OrderDocumentsTable {
  order_id: string;
  kind: DocumentKind;
  content: Buffer;
  created_at: CreatedNow;
}
