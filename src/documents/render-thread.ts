import { renderCertificate } from './certificate';
import { renderInvoice } from './invoice';
import { renderProof } from './proof';
import type { RenderJob } from './render-job';

/**
 * The body of a render thread (see render-pool.ts): typesets one document. pdfkit is synchronous, so running
 * it here keeps the worker's event loop, which carries every order's activities, free while a page is set.
 */
export default function renderOnThread(job: RenderJob): Promise<Buffer> {
  switch (job.document) {
    case 'proof':
      return renderProof(job.order, job.columns);
    case 'invoice':
      return renderInvoice(job.order, job.party);
    case 'certificate':
      return renderCertificate(job.order, job.pageNumber);
  }
}
