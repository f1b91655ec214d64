import { Context } from '@temporalio/activity';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { saveOrderDocument } from '../db/order-documents.repository';
import { vatDocumentActivities } from './vat-documents';
import {
  reserveIssuedDocument,
  storeIssuedDocument,
  type IssuedDocumentRow,
} from '../db/issued-documents.repository';
import {
  certificateParticulars,
  certificateStatement,
  type CertifiedPublication,
} from '../documents/certificate';
import type { Issuer } from '../documents/layout';
import { renderDocument } from '../documents/render-pool';
import { signingIdentity } from '../documents/signing-identity';
import { documentUrl, verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';

/**
 * When this attempt's start-to-close timeout has passed or the attempt is cancelled: the server has then given
 * up on it (a retry renders the document again), so the render should not go on. A burst of orders queues
 * its documents for the render threads, and the queue wait counts against the timeout.
 */
function attemptOver(): AbortSignal {
  const { cancellationSignal, info } = Context.current();
  const timeoutMs = info.startToCloseTimeoutMs;
  return timeoutMs > 0
    ? AbortSignal.any([cancellationSignal, AbortSignal.timeout(timeoutMs)])
    : cancellationSignal;
}

export const proofUrl = (base: string, orderId: string) => `${base}/api/v1/orders/${orderId}/proof`;

/** Typesets and stores the order's PDFs. Regenerating replaces the stored document. */
export function documentActivities(deps: { config: Config; db: Db }) {
  return {
    /** Returns the proof's URL (`proofPdfUrl`). */
    async generateProof(input: { order: OrderSnapshot; columns: number }): Promise<string> {
      const { order } = input;
      await saveOrderDocument(
        deps.db,
        order.id,
        'proof',
        await renderDocument(
          {
            document: 'proof',
            order: toOrder(order),
            columns: input.columns >= 2 ? 2 : 1,
            publicBaseUrl: deps.config.publicBaseUrl,
          },
          attemptOver(),
        ),
      );
      return proofUrl(deps.config.publicBaseUrl, order.id);
    },
    /**
     * Issues the certificate of publication of the newspaper's insertion or of the Gazette's notice: reserved
     * once (its id and issue time), typeset, signed, stored with its SHA-256, and returned as the order lists
     * it. A retried attempt finds the reservation, and the stored copy if there is one.
     */
    async generateCertificate(input: {
      order: OrderSnapshot;
      publication: CertifiedPublication;
    }): Promise<IssuedDocumentRef> {
      const order = toOrder(input.order);
      const { title, statement } = certificateStatement(order, input.publication);
      const row = await reserveIssuedDocument(deps.db, {
        orderId: order.id,
        organisationId: order.organisationId,
        livemode: order.livemode,
        kind: 'certificate',
        issueKey: `certificate:${input.publication}`,
        summary: {
          title,
          facts: [['Certifies', statement], ...certificateParticulars(order, input)],
        },
      });
      const issuer = issuerOf(deps.config);
      const stored = await issued(deps, row, async () =>
        renderDocument(
          {
            document: 'certificate',
            order,
            certificate: {
              publication: input.publication,
              documentId: row.id,
              verifyUrl: verifyUrl(deps.config.publicBaseUrl, row.id),
              issuedAt: row.issued_at,
              issuer,
            },
            signing: {
              identity: await signingIdentity(deps.config),
              info: {
                name: issuer.name,
                reason: `Certificate of publication, order ${order.reference}`,
                location: issuer.address.join(', '),
                contactInfo: issuer.email,
                signingTime: row.issued_at,
              },
            },
          },
          attemptOver(),
        ),
      );
      return documentRef(deps.config.publicBaseUrl, row, stored.sha256);
    },
    ...vatDocumentActivities(deps, attemptOver),
  };
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
