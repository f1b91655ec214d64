import { temporal } from '@temporalio/proto';
import type { OrderEventRecord } from '../../src/orders/events';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { cancelOrderUpdate, reportUpdates } from '../../src/workflows/order.messages';
import { eventually } from '../support/eventually';
import { startOrderWorkflowTest, type OrderWorkflowTest, type PlacedOrder } from './order-workflow-harness';

/**
 * What placing an order waits for: the reference and the commit (local activities) in the first workflow task,
 * no activity for a payment that calls no provider, and no announcement (its own activity, scheduled with the
 * commit and not waited for).
 */
let t: OrderWorkflowTest;

beforeAll(async () => {
  t = await startOrderWorkflowTest();
});
afterAll(() => t?.stop());

const { EventType } = temporal.api.enums.v1;

/** How many workflow tasks completed before the placing update's answer was recorded. */
async function tasksBeforeAnswer(o: PlacedOrder): Promise<number> {
  const events = (await o.handle.fetchHistory()).events ?? [];
  const answered = events.findIndex(
    (e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED,
  );
  expect(answered).toBeGreaterThan(0);
  return events.slice(0, answered).filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED)
    .length;
}

/** The patch ids recorded (as markers) before the placing update's answer. */
async function patchesBeforeAnswer(o: PlacedOrder): Promise<string[]> {
  const events = (await o.handle.fetchHistory()).events ?? [];
  const answered = events.findIndex(
    (e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED,
  );
  return events
    .slice(0, answered)
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .flatMap((e) => Object.values(e.markerRecordedEventAttributes?.details ?? {}))
    .map((p) => (JSON.parse(Buffer.from(p.payloads?.[0]?.data ?? []).toString()) as { id: string }).id);
}

/** A gate the fake announcement waits behind, so a test can hold every announcement in flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a payment that calls no provider is set up in the workflow', () => {
  test.each(['invoice_with_terms', 'invoice_bank_transfer'] as const)(
    '%s: our invoice’s address, no activity, answered from the first workflow task',
    async (paymentMethod) => {
      const o = await t.place({ paymentMethod });
      expect(o.placed).toMatchObject({
        status: 'awaiting_booking',
        paymentState: 'invoiced',
        invoiceUrl: `https://api.test/api/v1/orders/${o.id}/invoice`,
        checkoutUrl: null,
      });
      expect(o.calls('setUpPayment')).toEqual([]);
      expect(await tasksBeforeAnswer(o)).toBe(1);
    },
  );

  test('purchase_order: awaiting the PO, no activity, answered from the first workflow task', async () => {
    const o = await t.place({ paymentMethod: 'purchase_order' });
    expect(o.placed).toMatchObject({ status: 'awaiting_po', paymentState: 'awaiting_po', invoiceUrl: null });
    expect(o.calls('setUpPayment')).toEqual([]);
    expect(await tasksBeforeAnswer(o)).toBe(1);
  });

  test('a card order still sets up its Checkout Session through the activity', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    expect(o.calls('setUpPayment')).toHaveLength(1);
    expect(o.placed.paymentState).toBe('awaiting_payment');
  });
});

describe('the reference is allocated by the placement’s commit when no provider is called', () => {
  test.each(['invoice_with_terms', 'invoice_bank_transfer', 'purchase_order'] as const)(
    '%s: one local activity before the answer; the order and its announced event carry the reference',
    async (paymentMethod) => {
      const announced: OrderEventRecord[] = [];
      const o = await t.place({
        paymentMethod,
        fakes: { announceOrderEvent: async (event) => void announced.push(event) },
      });
      expect(o.calls('allocateReference')).toEqual([]);
      const [[sent]] = o.calls('commitPlacement') as Array<[{ order: { reference: string } }]>;
      expect(sent.order.reference).toBe('');
      const reference = o.recorded.orders[0].reference;
      expect(reference).toMatch(/^SNP-TEST-/);
      expect(o.placed.reference).toBe(reference);
      expect(o.recorded.orders[0]).toMatchObject({ reference, version: 1 }); // the placement's own write
      // The workflow's state carries it too (later steps, such as the proof, may have moved the version on).
      expect(await o.state()).toMatchObject({ reference });
      await eventually(
        () => announced.length,
        (n) => n > 0,
      );
      expect(announced[0]).toMatchObject({
        event: 'order.created',
        data: { reference, object: expect.objectContaining({ reference }) },
      });
      expect(await tasksBeforeAnswer(o)).toBe(1);
      // Nothing is released, so nothing is patched: no marker (nor TemporalChangeVersion upsert) before it.
      expect(await patchesBeforeAnswer(o)).toEqual([]);
    },
  );

  test('a card order still allocates its reference before the payment set-up, which shows it', async () => {
    const o = await t.place({ paymentMethod: 'stripe_checkout' });
    expect(o.calls('allocateReference')).toHaveLength(1);
    expect(o.calls('commitPlacement')).toEqual([]);
    const [[order]] = o.calls('setUpPayment') as Array<[{ reference: string }]>;
    expect(order.reference).toMatch(/^SNP-TEST-/);
    expect(o.placed.reference).toBe(order.reference);
  });
});

describe('an event is announced apart from its commit', () => {
  test('the update answers while the announcement is still held; each event is announced once', async () => {
    const held = gate();
    const announced: OrderEventRecord[] = [];
    const o = await t.place({
      paymentMethod: 'invoice_with_terms',
      fakes: {
        announceOrderEvent: async (event) => {
          await held.opened;
          announced.push(event);
        },
      },
    });
    // Placed (the update answered) with order.created's announcement still waiting behind the gate.
    expect(announced).toEqual([]);
    const cancelled = await o.handle.executeUpdate(cancelOrderUpdate, {
      args: [{ actor: 'api_key:key_test', reason: 'No longer needed' }],
    });
    expect(cancelled.status).toBe('cancelled');
    // The cancelled order's run does not close while an announcement is still being started.
    expect((await o.handle.describe()).status.name).toBe('RUNNING');
    held.open();
    await o.handle.result();
    expect(announced[0].event).toBe('order.created');
    expect(announced.map((e) => e.event)).toEqual(o.recorded.events);
  });
});

describe('a booking report is checked against the law on the booked dates', () => {
  const book = (o: PlacedOrder, publicationDate: string) =>
    o.handle.executeUpdate(reportUpdates.booking, {
      args: [{ actor: 'integration:int_1', publicationDate }],
    });

  test('probate: a later date that leaves the claims period short is refused, the planned one applies', async () => {
    // The fixture: newspaper and London Gazette on Monday 1 March 2027, claims by 1 May 2027 (two months).
    const o = await t.place({ paymentMethod: 'invoice_with_terms', type: 'probate' });
    expect(o.placed).toMatchObject({ publicationDate: '2027-03-01', gazettePublicationDate: '2027-03-01' });
    const err = await book(o, '2027-03-08').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
    const cause = (err as WorkflowUpdateFailedError).cause as ApplicationFailure;
    expect(cause.type).toBe('validation_error');
    expect(cause.details?.[0]).toMatchObject({
      fields: [
        {
          path: '$.publicationDate',
          message: expect.stringContaining('Book it for 1 March 2027 or earlier') as unknown,
        },
      ],
    });
    // Refused in the validator: nothing was applied, no event, the order still waits for its booking.
    expect(await o.state()).toMatchObject({
      status: 'awaiting_booking',
      gazettePublicationDate: '2027-03-01',
    });
    expect(o.recorded.events).not.toContain('order.booked');
    const booked = await book(o, '2027-03-01');
    expect(booked.order).toMatchObject({ status: 'booked', publicationDate: '2027-03-01' });
    expect(o.recorded.events).toContain('order.booked');
  });

  test('a later date that keeps the periods is applied, and the Gazette moves with the paper', async () => {
    const o = await t.place({
      paymentMethod: 'invoice_with_terms',
      type: 'probate',
      fields: { claimsDeadlineDate: '2027-05-06' },
    });
    const booked = await book(o, '2027-03-05');
    expect(booked.order).toMatchObject({
      status: 'booked',
      publicationDate: '2027-03-05',
      gazettePublicationDate: '2027-03-05',
    });
  });
});
