import type { Config } from '../config';
import type { Db } from '../db/database';
import { saveOrderDocument } from '../db/order-documents.repository';
import { attemptOver, documentRef, issued, issuerOf } from './issuing';
import { reserveIssuedDocument } from '../db/issued-documents.repository';
import {
  certificateParticulars,
  certificateStatement,
  type CertifiedPublication,
} from '../documents/certificate-facts';
import { renderDocument } from '../documents/render-pool';
import { signingIdentity } from '../documents/signing-identity';
import { orderDocumentUrl, verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';

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
      return orderDocumentUrl(deps.config.publicBaseUrl, order.id, 'proof');
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
  };
}
