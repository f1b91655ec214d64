import { ActivityFailure } from '@temporalio/workflow';
import { setUpWithoutProvider } from '../../orders/payment';
import { ownInvoice, setUpPayment } from './payment';
import { writes, type OrderProcess } from './process';
import { refuse } from './refusals';
import { issueMissingInvoice } from './vat';

/**
 * The order's first step: its reference, its payment set up, then the first projection write and
 * `order.created`. A payment set-up that fails leaves no order: the placing update answers 503.
 */
export async function placeOrder(p: OrderProcess): Promise<void> {
  try {
    // A provider's payment shows the reference, so it comes first; otherwise the commit allocates it.
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
