import { ActivityFailure } from '@temporalio/workflow';
import { setUpWithoutProvider } from '../../orders/payment';
import { ownInvoice, setUpPayment } from './payment';
import { writes, type OrderProcess } from './process';
import { refuse } from './refusals';
import { issueMissingInvoice } from './vat';

/**
 * The order's first step: its reference, its payment set up (at the provider, or here for a method that calls
 * none: then the placing update is answered from the workflow's first task), then the first projection write
 * and `order.created`, whose announcement follows the answer. An order on our own invoice gets its VAT invoice right
 * after (the download and the invoice e-mail wait for it briefly: docs/documents.md). A payment set-up that fails leaves no order: the placing
 * update answers 503, retry with backoff.
 */
export async function placeOrder(p: OrderProcess): Promise<void> {
  try {
    // A payment set up at a provider needs the reference first (the provider's description shows it); any other
    // method has it allocated by the placement's commit, in its transaction: one local activity fewer before
    // the placing update answers.
    const inCommit = setUpWithoutProvider(p.order, p.input.publicBaseUrl) !== null;
    const reference = inCommit ? '' : await writes.allocateReference(p.order.id);
    const payment = await setUpPayment(p, { ...p.order, reference });
    await p.commit(
      { reference, ...payment },
      {
        event: 'order.created',
        audit: { action: 'placed', actor: p.input.placedBy },
        ...(inCommit && { allocateReference: true }),
      },
    );
    p.placed();
    // The placing update has its answer; an order on our own invoice then gets its VAT invoice.
    if (ownInvoice(p)) await issueMissingInvoice(p);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    p.placementFailed(
      refuse('service_unavailable', 'The payment provider could not set up payment. Retry with backoff.'),
    );
  }
}
