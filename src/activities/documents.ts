import type { Config } from '../config';
import type { Db } from '../db/database';
import type { DocumentIssue } from '../db/issued-documents.repository';
import { saveOrderDocument } from '../db/order-documents.repository';
import {
  certificateParticulars,
  certificateStatement,
  type CertifiedPublication,
} from '../documents/certificate-facts';
import { renderDocument } from '../documents/render-pool';
import { orderDocumentUrl, verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import { attemptOver, issueDocument, issuerOf, signedBy } from './issuing';
import type { Order } from '../orders/order';

/** Regenerating replaces the stored document. */
export function documentActivities(deps: { config: Config; db: Db }) {
  const { publicBaseUrl } = deps.config;
  return {
    async generateProof(input: { order: Order; columns: number }): Promise<string> {
      const { order } = input;
      await saveOrderDocument(
        deps.db,
        order.id,
        'proof',
        await renderDocument(
          { document: 'proof', order, columns: input.columns >= 2 ? 2 : 1, publicBaseUrl },
          attemptOver(),
        ),
      );
      return orderDocumentUrl(publicBaseUrl, order.id, 'proof');
    },
    async generateCertificate(input: {
      order: Order;
      publication: CertifiedPublication;
    }): Promise<IssuedDocumentRef> {
      const { order } = input;
      const { title, statement } = certificateStatement(order, input.publication);
      const issue: DocumentIssue = {
        orderId: order.id,
        organisationId: order.organisationId,
        livemode: order.livemode,
        kind: 'certificate',
        issueKey: `certificate:${input.publication}`,
        summary: { title, facts: [['Certifies', statement], ...certificateParticulars(order, input)] },
      };
      return issueDocument(deps, issue, async (row) => ({
        document: 'certificate',
        order,
        certificate: {
          publication: input.publication,
          documentId: row.id,
          verifyUrl: verifyUrl(publicBaseUrl, row.id),
          issuedAt: row.issued_at,
          issuer: issuerOf(deps.config),
        },
        signing: await signedBy(
          deps.config,
          `Certificate of publication, order ${order.reference}`,
          row.issued_at,
        ),
      }));
    },
  };
}
