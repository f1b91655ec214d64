import { Context } from '@temporalio/activity';
import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  reserveIssuedDocument,
  storeIssuedDocument,
  type DocumentIssue,
  type IssuedDocumentRow,
} from '../db/issued-documents.repository';
import { saveProof } from '../db/order-proofs.repository';
import {
  certificateParticulars,
  certificateStatement,
  type CertifiedPublication,
} from '../documents/certificate-facts';
import type { Issuer } from '../documents/layout';
import type { RenderJob, SigningJob } from '../documents/render-job';
import { renderDocument } from '../documents/render-pool';
import { signingIdentity } from '../documents/signing-identity';
import { documentUrl, orderDocumentUrl, verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import type { Order } from '../orders/order';

/** When the attempt is cancelled or its start-to-close has passed: the server gave up, so the render stops. */
function attemptOver(): AbortSignal {
  const { cancellationSignal, info } = Context.current();
  const timeoutMs = info.startToCloseTimeoutMs;
  return timeoutMs > 0
    ? AbortSignal.any([cancellationSignal, AbortSignal.timeout(timeoutMs)])
    : cancellationSignal;
}

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

/** The issuer's signature on a document, for `reason`, dated when the document was issued. */
export async function signedBy(config: Config, reason: string, at: Date): Promise<SigningJob> {
  const issuer = issuerOf(config);
  return {
    identity: await signingIdentity(config),
    info: {
      name: issuer.name,
      reason,
      location: issuer.address.join(', '),
      contactInfo: issuer.email,
      signingTime: at,
    },
  };
}

/**
 * Issues a document once per order and issue key (its number drawn in the reservation's transaction): a retry
 * finds the reservation and the stored copy.
 */
export async function issueDocument(
  deps: { config: Config; db: Db },
  issue: DocumentIssue,
  job: (row: IssuedDocumentRow) => Promise<RenderJob>,
  totalGbpPence?: number,
): Promise<IssuedDocumentRef> {
  const row = await reserveIssuedDocument(deps.db, issue);
  const { sha256 } =
    row.content && row.sha256
      ? { sha256: row.sha256 }
      : await storeIssuedDocument(deps.db, row.id, await renderDocument(await job(row), attemptOver()));
  const base = deps.config.publicBaseUrl;
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

/** Regenerating replaces the stored document. */
export function documentActivities(deps: { config: Config; db: Db }) {
  const { publicBaseUrl } = deps.config;
  return {
    async generateProof(input: { order: Order; columns: number }): Promise<string> {
      const { order } = input;
      const job: RenderJob = { document: 'proof', order, columns: input.columns >= 2 ? 2 : 1, publicBaseUrl };
      await saveProof(deps.db, order.id, await renderDocument(job, attemptOver()));
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
