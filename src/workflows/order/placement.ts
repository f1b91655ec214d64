import { ActivityFailure } from '@temporalio/workflow';
import { invoicedByUs, setUpWithoutProvider } from '../../orders/payment';
import { checkoutExpiry, keepCheckout } from './checkout';
import { setUp, writes, type OrderProcess } from './process';
import { refuse } from './refusals';
import { issueMissingInvoice } from './vat';

/** The order's first step. A payment set-up that fails leaves no order: the placing update answers 503. */
export async function placeOrder(p: OrderProcess): Promise<void> {
  try {
    // A method that calls no provider is set up here, so the placing update answers from the first workflow task
    // and the commit allocates the reference; a provider's payment shows the reference, so it comes first.
    const local = setUpWithoutProvider(p.order, p.input.publicBaseUrl);
    const reference = local ? '' : await writes.allocateReference(p.order.id);
    const payment =
      local ??
      (await setUp.setUpPayment({ ...p.order, reference }, { checkoutExpiresAt: checkoutExpiry(p) }));
    p.paymentRefIs(payment.paymentRef);
    const { invoiceUrl, paymentState } = payment;
    await p.commit(
      { reference, checkoutUrl: keepCheckout(p, payment), invoiceUrl, paymentState },
      {
        event: 'order.created',
        audit: { action: 'placed', actor: p.input.placedBy },
        ...(local && { allocateReference: true }),
      },
    );
    p.placementIs('placed');
    // The placing update has its answer; an order on our own invoice then gets its VAT invoice.
    if (invoicedByUs(p.order.paymentMethod)) await issueMissingInvoice(p);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    p.placementIs(
      refuse('service_unavailable', 'The payment provider could not set up payment. Retry with backoff.'),
    );
  }
}
