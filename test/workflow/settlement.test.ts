import { eventually } from '../support/eventually';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import {
  amendOrderUpdate,
  cancelOrderUpdate,
  clearAttentionSignal,
  paymentReceivedSignal,
  refundIssuedSignal,
  reportUpdates,
  retryRefundSignal,
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
  const state = await eventually(() => o.state(), check, 10_000);
  if (!check(state)) throw new Error('the order never reached the expected state');
  return state;
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

describe('VAT invoices and credit notes', () => {
  test('a card order is invoiced when paid; cancelling credits the invoice in full with the refund', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    expect(o.calls('issueVatInvoice')).toEqual([]);
    await pay(o, 'pi_1');
    const paid = await until(o, (s) => (s.documents ?? []).length > 0);
    expect(paid.documents?.map((d) => d.kind)).toEqual(['vat_invoice']);
    const cancelled = await cancel(o);
    expect(cancelled.documents?.map((d) => d.kind)).toEqual(['vat_invoice', 'vat_credit_note']);
    expect(o.calls('issueVatCreditNote')[0][0]).toMatchObject({
      reason: 'cancelled',
      remaining: null,
      refundedGbpPence: o.placed.quotedPriceGbpPence,
      settlement: 'refunded',
      issueKey: 'vat_credit_note:cancelled',
    });
  });

  test('an unpaid card order cancelled was never invoiced: no credit note', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const cancelled = await cancel(o);
    expect(cancelled.documents ?? null).toBeNull();
    expect(o.calls('issueVatCreditNote')).toEqual([]);
  });

  test('an unpaid order on account cancelled has its invoice credited, nothing refunded', async () => {
    const o = await t.place({ paymentMethod: 'invoice_bank_transfer' });
    await until(o, (s) => (s.documents ?? []).length > 0);
    const cancelled = await cancel(o);
    expect(cancelled.documents?.map((d) => d.kind)).toEqual(['vat_invoice', 'vat_credit_note']);
    expect(o.calls('issueVatCreditNote')[0][0]).toMatchObject({ reason: 'cancelled', settlement: 'unpaid' });
  });
});

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
    // The payment's handling ends with the VAT invoice it issues (a second commit).
    const before = await until(o, (s) => s.paymentState === 'paid' && (s.documents ?? []).length > 0);
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

  test('an unpaid order on account has its VAT invoice credited in full and a new one issued at the new price', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    await until(o, (s) => (s.documents ?? []).length > 0);
    const invoicesBefore = o.calls('issueVatInvoice').length;
    const amended = await amend(o, longer);
    expect(o.calls('issueVatInvoice').length).toBe(invoicesBefore + 1);
    expect(o.calls('issueVatCreditNote')).toHaveLength(1);
    expect(o.calls('issueVatCreditNote')[0][0]).toMatchObject({ reason: 'reinvoiced', remaining: null });
    expect(amended.documents?.map((d) => d.kind)).toEqual(['vat_invoice', 'vat_credit_note', 'vat_invoice']);
    expect(amended.documents?.at(-1)?.totalGbpPence).toBe(amended.quotedPriceGbpPence);
  });
});

describe('a closed order that needs an operator waits for them', () => {
  const operator = { actor: 'operator', note: 'done' };
  const running = async (o: PlacedOrder) => (await o.handle.describe()).status.name;
  /** The current details operators read in the Temporal UI. */
  const details = async (o: PlacedOrder) =>
    (await o.handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails ?? '';

  test('refund_due keeps the workflow open, its details say what to do, refundIssued closes it', async () => {
    const o = await t.place({ paymentMethod: 'invoice_bank_transfer' });
    await pay(o, null);
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({ paymentState: 'refund_due', needsAttention: true });
    // Idle (no workflow task left to run after the cancel) and still running: it waits for the operator.
    await eventually(
      () => o.handle.describe(),
      (d) => !d.raw.pendingWorkflowTask,
    );
    expect(await running(o)).toBe('RUNNING');
    expect(await details(o)).toContain('signal `refundIssued`');
    const current = await o.handle.describe();
    expect(current.searchAttributes.NeedsAttention).toEqual([true]);
    await o.handle.signal(refundIssuedSignal, { ...operator, refundRef: 'BACS-123' });
    const done = (await o.handle.result()) as { status: string; version: number };
    expect(done.status).toBe('cancelled');
    expect(o.audited('refund_issued')[0].details).toMatchObject({ refundRef: 'BACS-123' });
    expect(o.recorded.orders.at(-1)).toMatchObject({ paymentState: 'refunded', needsAttention: false });
  });

  test('refund_failed: retryRefund tries the provider again under a new key; success closes the order', async () => {
    let attempts = 0;
    const o = await t.place({
      paymentMethod: 'stripe_checkout',
      fakes: {
        refundPayment: async () => {
          attempts += 1;
          if (attempts === 1) throw refusal('provider said no');
          return 're_retry';
        },
      },
    });
    await pay(o, 'pi_r');
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({ paymentState: 'refund_failed', needsAttention: true });
    await o.handle.signal(retryRefundSignal, operator);
    await o.handle.result();
    expect(o.calls('refundPayment').map(([input]) => (input as { purpose?: string }).purpose)).toEqual([
      undefined,
      'retry1',
    ]);
    expect(o.recorded.orders.at(-1)).toMatchObject({ paymentState: 'refunded', needsAttention: false });
  });

  test('retryRefund of money paid to us directly is refused and audited; the order keeps waiting', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    await pay(o, null);
    await until(o, (s) => s.paymentState === 'paid');
    await cancel(o);
    await o.handle.signal(retryRefundSignal, operator);
    await until(o, () => o.audited('retry_refund_refused').length === 1);
    expect(await running(o)).toBe('RUNNING');
    await o.handle.signal(refundIssuedSignal, operator);
    await o.handle.result();
  });

  test('an on-account order paid through the test helper is refunded on cancel, not refund_due', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    await pay(o, 'test_helper_pi_x');
    await until(o, (s) => s.paymentState === 'paid');
    expect(await cancel(o)).toMatchObject({ paymentState: 'refunded', needsAttention: false });
    expect(o.calls('refundPayment')).toEqual([
      [{ orderId: o.id, paymentRef: 'test_helper_pi_x', amountGbpPence: o.placed.quotedPriceGbpPence }],
    ]);
    await o.handle.result();
  });

  test('void_failed waits for clearAttention, which a refund-due order refuses', async () => {
    const o = await t.place({
      paymentMethod: 'stripe_invoice',
      fakes: {
        voidInvoice: async () => {
          throw refusal('invoice is already paid');
        },
      },
    });
    expect(await cancel(o)).toMatchObject({ paymentState: 'void_failed', needsAttention: true });
    await o.handle.signal(clearAttentionSignal, operator);
    await o.handle.result();
    expect(o.audited('attention_cleared')).toHaveLength(1);
    expect(o.recorded.orders.at(-1)).toMatchObject({ needsAttention: false });
  });
});

describe('amendments respect the booking', () => {
  const amend = (o: PlacedOrder, patch: Record<string, unknown>) =>
    o.handle.executeUpdate(amendOrderUpdate, {
      args: [{ actor: 'api_key:key_test', patch, acceptPriceChange: true }],
    });

  test('an amendment that changes nothing answers the order as it is: no event, no proof, no payment', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const before = await until(o, (s) => s.proofPdfUrl !== null);
    const events = o.recorded.events.length;
    const same = await amend(o, { applicantName: String(before.fields.applicantName) });
    expect(same).toEqual(before);
    expect(await amend(o, {})).toEqual(before);
    expect(o.recorded.events.length).toBe(events);
    expect(o.calls('setUpPayment')).toHaveLength(1);
  });

  test('a booked order cannot be moved to another newspaper; another address with the same paper can', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    const placed = await until(o, (s) => s.proofPdfUrl !== null);
    await o.handle.executeUpdate(reportUpdates.booking, {
      args: [{ actor: 'integration:int_1', publicationDate: String(placed.publicationDate) }],
    });
    const booked = await o.state();
    expect(await refusedWith(amend(o, { postcode: 'M1 1AA' }))).toBe('order_not_amendable');
    expect((await o.state()).version).toBe(booked.version);
    const nearby = await amend(o, { postcode: 'LS2 8BB' });
    expect(nearby).toMatchObject({ status: 'booked', newspaperName: booked.newspaperName });
  });
});

describe('the ledger: money follows the order', () => {
  const longer = {
    developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
  };
  const amend = (o: PlacedOrder, patch: Record<string, unknown>) =>
    o.handle.executeUpdate(amendOrderUpdate, {
      args: [{ actor: 'api_key:key_test', patch, acceptPriceChange: true }],
    });
  const payWith = (
    o: PlacedOrder,
    m: { paymentRef: string; amountGbpPence?: number; checkoutSessionId?: string },
  ) =>
    o.handle.signal(paymentReceivedSignal, { actor: 'stripe', providerEventId: `evt_${m.paymentRef}`, ...m });
  const balanced = (s: { amountPaidGbpPence?: number; amountRefundedGbpPence?: number }) =>
    (s.amountPaidGbpPence ?? 0) - (s.amountRefundedGbpPence ?? 0);

  test('a paid card order records the charge; cancel refunds exactly what was held', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const price = o.placed.quotedPriceGbpPence;
    await payWith(o, { paymentRef: 'pi_a', amountGbpPence: price, checkoutSessionId: 'cs_0' });
    const paid = await until(o, (s) => s.paymentState === 'paid');
    expect(paid).toMatchObject({
      amountPaidGbpPence: price,
      amountRefundedGbpPence: 0,
      needsAttention: false,
    });
    const cancelled = await cancel(o);
    expect(balanced(cancelled)).toBe(0);
    expect(o.calls('refundPayment')).toEqual([
      [{ orderId: o.id, paymentRef: 'pi_a', amountGbpPence: price }],
    ]);
  });

  test('a payment of a replaced Checkout Session is refunded; the current session then pays the order', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const oldPrice = o.placed.quotedPriceGbpPence;
    const amended = await amend(o, longer);
    await payWith(o, { paymentRef: 'pi_old', amountGbpPence: oldPrice, checkoutSessionId: 'cs_0' });
    await until(o, () => o.audited('stray_payment_refunded').length === 1);
    const stray = await o.state();
    expect(stray).toMatchObject({
      status: 'pending_payment',
      amountPaidGbpPence: oldPrice,
      amountRefundedGbpPence: oldPrice,
    });
    expect(o.calls('refundPayment')).toEqual([
      [{ orderId: o.id, paymentRef: 'pi_old', amountGbpPence: oldPrice, purpose: 'stray:pi_old' }],
    ]);
    expect(o.audited('stray_payment_refunded')[0].details).toMatchObject({
      reason: 'replaced_checkout_session',
    });
    // The same event again (Stripe retries) is ignored, not refunded twice.
    await payWith(o, { paymentRef: 'pi_old', amountGbpPence: oldPrice, checkoutSessionId: 'cs_0' });
    await until(o, () => o.audited('payment_ignored').length === 1);
    const newSession = String(amended.checkoutUrl).split('/').pop()!;
    await payWith(o, {
      paymentRef: 'pi_new',
      amountGbpPence: amended.quotedPriceGbpPence,
      checkoutSessionId: newSession,
    });
    const paid = await until(o, (s) => s.paymentState === 'paid');
    expect(balanced(paid)).toBe(amended.quotedPriceGbpPence);
  });

  test('a second payment is refunded as a duplicate; a wrong amount pays but flags the order', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const price = o.placed.quotedPriceGbpPence;
    await payWith(o, { paymentRef: 'pi_1', amountGbpPence: price - 1 });
    // The state is paid as the workflow decides it; the audit entry is written by the commit that follows.
    const paid = await until(
      o,
      (s) => s.paymentState === 'paid' && o.audited('payment_amount_mismatch').length > 0,
    );
    expect(paid).toMatchObject({ needsAttention: true, amountPaidGbpPence: price - 1 });
    expect(o.audited('payment_amount_mismatch')).toHaveLength(1);
    await payWith(o, { paymentRef: 'pi_2', amountGbpPence: price });
    await until(o, () => o.audited('stray_payment_refunded').length === 1);
    expect(o.audited('stray_payment_refunded')[0].details).toMatchObject({
      reason: 'duplicate_payment',
      paymentRef: 'pi_2',
    });
    expect(balanced(await o.state())).toBe(price - 1);
  });

  test('a paid order: a price rise is order_not_amendable; a decrease refunds the difference', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    const original = { developmentDescription: String(o.placed.fields.developmentDescription) };
    const bigger = await amend(o, longer);
    const price = bigger.quotedPriceGbpPence;
    await payWith(o, { paymentRef: 'pi_p', amountGbpPence: price });
    await until(o, (s) => s.paymentState === 'paid' && s.proofPdfUrl !== null);
    const evenLonger = {
      developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(20).trim(),
    };
    expect(await refusedWith(amend(o, evenLonger))).toBe('order_not_amendable');
    const lower = await amend(o, original);
    expect(lower.quotedPriceGbpPence).toBeLessThan(price);
    expect(balanced(lower)).toBe(lower.quotedPriceGbpPence);
    const [[refund]] = o.calls('refundPayment') as Array<[{ amountGbpPence: number; purpose: string }]>;
    expect(refund).toMatchObject({ amountGbpPence: price - lower.quotedPriceGbpPence });
    expect(refund.purpose).toMatch(/^amended-v\d+$/);
    const cancelled = await cancel(o);
    expect(balanced(cancelled)).toBe(0);
    expect((o.calls('refundPayment')[1][0] as { amountGbpPence: number }).amountGbpPence).toBe(
      lower.quotedPriceGbpPence,
    );
    // The VAT documents follow the money: invoiced at the price paid, credited by the difference, then the rest.
    const notes = o.calls('issueVatCreditNote') as Array<[{ reason: string; refundedGbpPence?: number }]>;
    expect(notes.map(([n]) => [n.reason, n.refundedGbpPence])).toEqual([
      ['amended_lower', price - lower.quotedPriceGbpPence],
      ['cancelled', lower.quotedPriceGbpPence],
    ]);
    expect(cancelled.documents?.map((d) => d.totalGbpPence)).toEqual([
      price,
      price - lower.quotedPriceGbpPence,
      lower.quotedPriceGbpPence,
    ]);
  });
});

describe('placement answers before the VAT invoice is typeset', () => {
  test('an order on account is placed, then its VAT invoice is issued once', async () => {
    const o = await t.place({ paymentMethod: 'invoice_with_terms' });
    expect(o.placed).toMatchObject({ paymentState: 'invoiced' });
    expect(o.placed.invoiceUrl).toBeTruthy();
    expect(o.placed.documents ?? null).toBeNull();
    const state = await until(o, (s) => (s.documents ?? []).length > 0);
    expect(state.documents?.map((d) => d.kind)).toEqual(['vat_invoice']);
    expect(o.calls('issueVatInvoice')).toHaveLength(1);
  });
});
