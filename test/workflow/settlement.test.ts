import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import {
  amendOrderUpdate,
  cancelOrderUpdate,
  paymentReceivedSignal,
} from '../../src/workflows/order.messages';
import {
  refusal,
  startOrderWorkflowTest,
  type OrderWorkflowTest,
  type PlacedOrder,
} from './order-workflow-harness';

/**
 * Every way cancelling an order settles its money, and how an amendment re-prices an unpaid one: the order
 * workflow with fake payment activities, so each branch (including a provider's refusal) is reached directly.
 */
let t: OrderWorkflowTest;

beforeAll(async () => {
  t = await startOrderWorkflowTest();
});
afterAll(() => t?.stop());

const cancel = (o: PlacedOrder) =>
  o.handle.executeUpdate(cancelOrderUpdate, {
    args: [{ actor: 'api_key:key_test', reason: 'No longer needed' }],
  });

const pay = async (o: PlacedOrder, paymentRef: string | null) => {
  await o.handle.signal(paymentReceivedSignal, { actor: 'stripe', paymentRef, providerEventId: 'evt_1' });
};

/** Waits until the workflow's state satisfies `check` (signals are handled asynchronously). */
async function until(o: PlacedOrder, check: (s: Awaited<ReturnType<PlacedOrder['state']>>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const state = await o.state();
    if (check(state)) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the order never reached the expected state');
}

async function refusedWith(promise: Promise<unknown>): Promise<string | undefined> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (err as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return (cause as ApplicationFailure).type ?? undefined;
}

describe('cancelling settles the payment', () => {
  test('a paid card order is refunded in full through the provider', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    await pay(o, 'pi_1');
    await until(o, (s) => s.paymentState === 'paid');
    const cancelled = await cancel(o);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentState: 'refunded', needsAttention: false });
    expect(o.calls('refundPayment')).toEqual([
      [{ orderId: o.id, paymentRef: 'pi_1', amountGbpPence: o.placed.quotedPriceGbpPence }],
    ]);
    expect(o.recorded.events).toContain('order.cancelled');
  });

  test('a refused card refund leaves the order cancelled, refund_failed and flagged', async () => {
    const o = await t.place({
      paymentMethod: 'stripe_checkout',
      fakes: {
        refundPayment: async () => {
          throw refusal('charge already refunded');
        },
      },
    });
    await pay(o, 'pi_2');
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({
      status: 'cancelled',
      paymentState: 'refund_failed',
      needsAttention: true,
    });
  });

  test('an unpaid Stripe invoice is voided', async () => {
    const o = await t.place({ paymentMethod: 'stripe_invoice' });
    expect(o.placed).toMatchObject({ status: 'awaiting_booking', paymentState: 'invoiced' });
    expect(await cancel(o)).toMatchObject({ paymentState: 'voided', needsAttention: false });
    expect(o.calls('voidInvoice')).toEqual([[{ orderId: o.id, invoiceId: 'in_0', reason: 'cancelled' }]]);
  });

  test('a Stripe invoice that cannot be voided is void_failed, audited and flagged', async () => {
    const o = await t.place({
      paymentMethod: 'stripe_invoice',
      fakes: {
        voidInvoice: async () => {
          throw refusal('invoice is already paid');
        },
      },
    });
    expect(await cancel(o)).toMatchObject({
      status: 'cancelled',
      paymentState: 'void_failed',
      needsAttention: true,
    });
    const [audit] = o.audited('invoice_void_failed');
    expect(audit.details).toMatchObject({ invoiceId: 'in_0', message: 'invoice is already paid' });
  });

  test('a paid Stripe invoice is refunded through the invoice', async () => {
    const o = await t.place({ paymentMethod: 'stripe_invoice' });
    await pay(o, 'in_0');
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({ paymentState: 'refunded', needsAttention: false });
    expect(o.calls('refundInvoicePayment')).toEqual([
      [{ orderId: o.id, invoiceId: 'in_0', amountGbpPence: o.placed.quotedPriceGbpPence }],
    ]);
  });

  test('our own unpaid invoice is voided without a provider', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    expect(await cancel(o)).toMatchObject({ paymentState: 'voided', needsAttention: false });
    expect(o.calls('voidInvoice')).toEqual([]);
  });

  test('a bank transfer already paid to us is refund_due and flagged for an operator', async () => {
    const o = await t.place({ paymentMethod: 'invoice_bank_transfer' });
    await pay(o, null);
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({ paymentState: 'refund_due', needsAttention: true });
    expect(o.calls('refundPayment')).toEqual([]);
  });

  test('an unpaid card order has its Checkout Session expired and is not charged', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    expect(await cancel(o)).toMatchObject({ paymentState: 'not_charged', needsAttention: false });
    expect(o.calls('expireCheckout')).toEqual([[{ orderId: o.id, sessionId: 'cs_0' }]]);
  });

  test('a Checkout Session that cannot be expired flags the cancelled order', async () => {
    const o = await t.place({
      paymentMethod: 'stripe_checkout',
      fakes: {
        expireCheckout: async () => {
          throw refusal('session is complete');
        },
      },
    });
    expect(await cancel(o)).toMatchObject({ paymentState: 'not_charged', needsAttention: true });
    expect(o.audited('checkout_expire_failed')).toHaveLength(1);
  });

  test('a purchase-order order awaiting its PO is simply not charged', async () => {
    const o = await t.place({ paymentMethod: 'purchase_order' });
    expect(await cancel(o)).toMatchObject({ paymentState: 'not_charged', needsAttention: false });
  });

  test('a cancelled order’s workflow closes with its outcome (the API answers later messages itself)', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    const cancelled = await cancel(o);
    expect(await o.handle.result()).toEqual({ status: 'cancelled', version: cancelled.version });
  });
});

describe('payments', () => {
  test('a repeated payment confirmation changes nothing and is audited as ignored', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    await pay(o, 'pi_3');
    await until(o, (s) => s.paymentState === 'paid');
    const before = await o.state();
    await pay(o, 'pi_3');
    await until(o, () => o.audited('payment_ignored').length === 1);
    expect((await o.state()).version).toBe(before.version);
  });
});

describe('amending re-prices the payment', () => {
  const longer = {
    developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
  };

  const amend = (o: PlacedOrder, patch: Record<string, unknown>, acceptPriceChange = true) =>
    o.handle.executeUpdate(amendOrderUpdate, {
      args: [{ actor: 'api_key:key_test', patch, acceptPriceChange }],
    });

  test('a larger notice needs acceptPriceChange', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    const before = await until(o, (s) => s.proofPdfUrl !== null);
    expect(await refusedWith(amend(o, longer, false))).toBe('size_growth_not_allowed');
    expect((await o.state()).version).toBe(before.version);
  });

  test('an invalid patch is refused with the notice engine’s code and changes nothing', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    const before = await until(o, (s) => s.proofPdfUrl !== null);
    expect(await refusedWith(amend(o, { postcode: 'not a postcode' }))).toBe('validation_error');
    expect((await o.state()).version).toBe(before.version);
  });

  test('an unpaid card order gets a new Checkout Session and the replaced one is expired', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const amended = await amend(o, longer);
    expect(amended.quotedPriceGbpPence).toBeGreaterThan(o.placed.quotedPriceGbpPence);
    // `checkoutUrl` is our stable address; the session behind it is the new one.
    expect(amended.checkoutUrl).toBe(o.placed.checkoutUrl);
    expect(o.calls('setUpPayment')).toHaveLength(2);
    expect(o.calls('expireCheckout')).toEqual([[{ orderId: o.id, sessionId: 'cs_0' }]]);
  });

  test('an unpaid Stripe invoice is replaced: a new invoice, the old one voided', async () => {
    const o = await t.place({ paymentMethod: 'stripe_invoice' });
    const amended = await amend(o, longer);
    expect(amended.invoiceUrl).not.toBe(o.placed.invoiceUrl);
    const [[voided]] = o.calls('voidInvoice') as Array<[{ invoiceId: string; reason: string }]>;
    expect(voided.invoiceId).toBe('in_0');
    expect(voided.reason).toMatch(/^amended_v\d+$/);
  });

  test('a replaced Stripe invoice that cannot be voided is audited as invoice_void_failed', async () => {
    const o = await t.place({
      paymentMethod: 'stripe_invoice',
      fakes: {
        voidInvoice: async () => {
          throw refusal('invoice is already paid');
        },
      },
    });
    await amend(o, longer);
    expect(o.audited('invoice_void_failed')).toHaveLength(1);
    expect(o.recorded.events).toContain('order.amended');
  });

  test('an order on account has its own invoice regenerated at the new price', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    const invoicesBefore = o.calls('generateInvoice').length;
    await amend(o, longer);
    expect(o.calls('generateInvoice').length).toBe(invoicesBefore + 1);
  });
});
