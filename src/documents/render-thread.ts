import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { renderCertificate } from './certificate';
import { renderCreditNote } from './credit-note';
import { renderInvoice } from './invoice';
import { renderProof } from './proof';
import { RENDER_THREAD_NICENESS, type RenderJob } from './render-job';
import { signPdf } from './signing';

/**
 * Typesetting is batch work; the worker's event loop (activities, heartbeats) and the API beside it are not.
 * On a small machine a busy render thread competes with them for the same cores, so it yields: on Linux a
 * thread's niceness is its own, and this lowers only this thread's priority (a no-op where that is refused).
 */
if (!isMainThread) {
  try {
    os.setPriority(Math.min(19, os.getPriority() + RENDER_THREAD_NICENESS));
  } catch {
    // Not permitted here: render at normal priority.
  }
}

/**
 * The body of a render thread (see render-pool.ts): typesets one document. pdfkit is synchronous, so running
 * it here keeps the worker's event loop, which carries every order's activities, free while a page is set.
 */
export default async function renderOnThread(job: RenderJob): Promise<Buffer> {
  switch (job.document) {
    case 'proof':
      return renderProof(job.order, job.columns, { publicBaseUrl: job.publicBaseUrl });
    case 'vat_invoice':
      return signPdf(await renderInvoice(job.order, job.invoice), job.signing.identity, job.signing.info);
    case 'vat_credit_note':
      return signPdf(
        await renderCreditNote(job.order, job.creditNote),
        job.signing.identity,
        job.signing.info,
      );
    case 'certificate': {
      const pdf = await renderCertificate(job.order, job.certificate);
      return signPdf(pdf, job.signing.identity, job.signing.info);
    }
  }
}
