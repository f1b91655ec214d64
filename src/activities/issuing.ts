import { Context } from '@temporalio/activity';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { storeIssuedDocument, type IssuedDocumentRow } from '../db/issued-documents.repository';
import type { Issuer } from '../documents/layout';
import { documentUrl, verifyUrl, type IssuedDocumentRef } from '../orders/documents';

/**
 * What the activities issuing documents share (certificates in documents.ts, VAT documents in
 * vat-documents.ts): the attempt's deadline, the issuer, the stored copy and the order's reference to it.
 */

/**
 * When this attempt's start-to-close timeout has passed or the attempt is cancelled: the server has then given
 * up on it (a retry renders the document again), so the render should not go on. A burst of orders queues
 * its documents for the render threads, and the queue wait counts against the timeout.
 */
export function attemptOver(): AbortSignal {
  const { cancellationSignal, info } = Context.current();
  const timeoutMs = info.startToCloseTimeoutMs;
  return timeoutMs > 0
    ? AbortSignal.any([cancellationSignal, AbortSignal.timeout(timeoutMs)])
    : cancellationSignal;
}

/** The issuer of our documents, from configuration (SUPPLIER_*). */
export function issuerOf(config: Config): Issuer {
  const { name, address, vatNumber, email, telephone, companyNumber } = config.supplier;
  return {
    name,
    address: [...address],
    vatNumber,
    email,
    ...(telephone && { telephone }),
    ...(companyNumber && { companyNumber }),
  };
}

/** A reserved document's stored copy: the one already stored, or `render`'s, stored now. */
export async function issued(deps: { db: Db }, row: IssuedDocumentRow, render: () => Promise<Buffer>) {
  if (row.content && row.sha256) return { content: row.content, sha256: row.sha256 };
  return storeIssuedDocument(deps.db, row.id, await render());
}

/** An issued document as the order lists it. */
export function documentRef(
  base: string,
  row: IssuedDocumentRow,
  sha256: string,
  totalGbpPence?: number,
): IssuedDocumentRef {
  return {
    id: row.id,
    kind: row.kind,
    ...(row.number && { number: row.number }),
    title: row.summary.title,
    issuedAt: row.issued_at.toISOString(),
    ...(totalGbpPence !== undefined && { totalGbpPence }),
    sha256,
    url: documentUrl(base, row.order_id, row.id),
    verifyUrl: verifyUrl(base, row.id),
  };
}
