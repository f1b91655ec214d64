import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { documentNumber } from '../documents/numbering';
import { newId, sha256Hex } from '../ids';
import { toColumns, type CamelCased } from './columns';
import { lockUntilCommit, type Db } from './database';
import type { DocumentSummary, Row } from './schema';

export type IssuedDocumentRow = Row<'issued_documents'>;

/** What a document is issued as: which order, which of its documents, and the series its number is drawn from. */
export type DocumentIssue = CamelCased<
  Pick<IssuedDocumentRow, 'order_id' | 'organisation_id' | 'livemode' | 'kind' | 'issue_key'>
> & {
  /** `INV` or `CN`: the document is numbered from that series (per mode); absent: no number. */
  numberPrefix?: string;
  /** What the verification page shows; given the drawn number when it names it (a VAT document's title). */
  summary: DocumentSummary | ((number: string | null) => DocumentSummary);
};

/**
 * Reserves a document (id, number, issue time) once per order and issue key. The number is drawn in the row's
 * transaction, so each series runs without gaps or repeats, as HMRC asks of invoice numbers; the order's lock
 * makes a concurrent reservation wait and find it. Test mode has its own series (TEST-INV-…).
 */
export async function reserveIssuedDocument(db: Db, issue: DocumentIssue): Promise<IssuedDocumentRow> {
  return db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, `issued_documents:${issue.orderId}`);
    const existing = await trx
      .selectFrom('issued_documents')
      .selectAll()
      .where((eb) => eb.and({ order_id: issue.orderId, issue_key: issue.issueKey }))
      .executeTakeFirst();
    if (existing) return existing;
    let number: string | null = null;
    if (issue.numberPrefix) {
      const series = `${issue.livemode ? 'live' : 'test'}:${issue.numberPrefix}`;
      const drawn = await trx
        .insertInto('document_number_series')
        .values({ series, last_number: 1 })
        .onConflict((oc) =>
          oc.column('series').doUpdateSet({ last_number: sql`document_number_series.last_number + 1` }),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      number = documentNumber(issue.numberPrefix, drawn.last_number, issue.livemode);
    }
    const { numberPrefix: _prefix, summary, ...document } = issue;
    return trx
      .insertInto('issued_documents')
      .values({
        id: newId('doc'),
        ...toColumns(document),
        number,
        issued_at: new Date(),
        summary: JSON.stringify(typeof summary === 'function' ? summary(number) : summary),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Stores the PDF and its SHA-256 unless a render was stored first (that one is the document): its SHA-256. */
export async function storeIssuedDocument(db: Db, id: string, content: Buffer) {
  const row = await db
    .updateTable('issued_documents')
    .set(({ fn, val }) => ({
      content: fn.coalesce('content', val(content)),
      sha256: fn.coalesce('sha256', val(sha256Hex(content))),
    }))
    .where('id', '=', id)
    .returning('sha256')
    .executeTakeFirstOrThrow();
  return { sha256: row.sha256! };
}

/** A document by its public id (the verification page), without its bytes. */
export const findIssuedDocument = (db: Db, id: string) =>
  db
    .selectFrom('issued_documents')
    .select(['id', 'livemode', 'kind', 'number', 'issued_at', 'summary', 'sha256'])
    .where('id', '=', id)
    .where('sha256', 'is not', null)
    .executeTakeFirst();

/** The PDF of one of an order's documents. */
export async function findIssuedDocumentContent(db: Db, orderId: string, id: string) {
  const row = await db
    .selectFrom('issued_documents')
    .select(['content', 'kind', 'number'])
    .where((eb) => eb.and({ order_id: orderId, id }))
    .where('content', 'is not', null)
    .executeTakeFirst();
  return row && { ...row, content: row.content! };
}

/** The order's newest stored document of a kind: its PDF, number (a certificate's: its id) and issue time. */
export async function latestIssuedDocument(
  db: Db,
  orderId: string,
  kind: IssuedDocumentRow['kind'],
  issueKeyPrefix?: string,
): Promise<{ id: string; content: Buffer; number: string; issuedAt: Date } | undefined> {
  let query = db
    .selectFrom('issued_documents')
    .select(['id', 'content', 'number', 'issued_at'])
    .where((eb) => eb.and({ order_id: orderId, kind }))
    .where('content', 'is not', null);
  if (issueKeyPrefix) query = query.where('issue_key', 'like', `${issueKeyPrefix}%`);
  const row = await query
    .orderBy('issued_at', 'desc')
    .orderBy('number', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { id: row.id, content: row.content!, number: row.number ?? row.id, issuedAt: row.issued_at };
}

/**
 * The order's latest VAT invoice, waited for up to 3 seconds: an on-account order's invoice is typeset right
 * after the order's 201 (in about a tenth of a second). Undefined if it is still not stored.
 */
export async function awaitVatInvoice(db: Db, orderId: string) {
  for (let tries = 0; tries < 30; tries += 1) {
    const found = await latestIssuedDocument(db, orderId, 'vat_invoice');
    if (found) return found;
    await sleep(100);
  }
  return undefined;
}
