import type { AuditEntry } from '../../src/orders/audit';
import { randomUUID } from 'node:crypto';
import { Client, Connection, WithStartWorkflowOperation, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { OrderActivities } from '../../src/activities';
import { noticeActivities } from '../../src/activities/notices';
import type { PaymentSetup } from '../../src/orders/payment';
import { parseOrderInput, prepareNotice, type NoticeType } from '../../src/notices';
import { toOrderNotice } from '../../src/orders/order-notice';
import type { Order } from '../../src/orders/order';
import type { PaymentMethod } from '../../src/orders/status';
import {
  orderStateQuery,
  orderWorkflowId,
  placeOrderUpdate,
  type OrderWorkflowInput,
} from '../../src/workflows/order.messages';
import { DEFAULT_ORDER_TIMINGS } from '../../src/orders/timings';
import { CTX, VALID } from '../unit/notices/fixtures';
import { installQuietRuntime, workflowBundle } from '../support/worker';

/**
 * The order workflow on the run's Temporal dev server with typed fake activities: no database, no Stripe, no
 * newspaper. Each fake is a real function of the activity's own type (typed from createActivities), so a fake
 * cannot drift from the activity it stands for; every call is recorded for the test to read.
 */
export type Fakes = Partial<OrderActivities>;

/** What the fakes saw: committed changes (projection, audit, event) and every activity call by name. */
export interface Recorded {
  orders: Order[];
  audits: AuditEntry[];
  events: string[];
  calls: Array<{ name: keyof OrderActivities; args: unknown[] }>;
}

/** A refusal from a provider (Stripe said no): not retried, as a Stripe 4xx is not. */
export const refusal = (message: string) =>
  ApplicationFailure.create({ type: 'payment_refused', message, nonRetryable: true });

/** Payment set-up as the real activity answers it, for each billing arrangement, without Stripe. */
function fakePaymentSetup(order: Order): PaymentSetup {
  const v = order.version;
  switch (order.paymentMethod) {
    case 'stripe_checkout':
      return {
        checkoutUrl: `https://checkout.test/cs_${v}`,
        invoiceUrl: null,
        paymentRef: null,
        checkoutSessionId: `cs_${v}`,
        paymentState: 'awaiting_payment',
      };
    case 'stripe_invoice':
      return {
        checkoutUrl: null,
        invoiceUrl: `https://invoice.test/in_${v}`,
        paymentRef: `in_${v}`,
        paymentState: 'invoiced',
      };
    case 'purchase_order':
      return { checkoutUrl: null, invoiceUrl: null, paymentRef: null, paymentState: 'awaiting_po' };
    default:
      return {
        checkoutUrl: null,
        invoiceUrl: `https://api.test/invoice/${order.id}`,
        paymentRef: null,
        paymentState: 'invoiced',
      };
  }
}

/** Fakes of every activity a lifecycle uses; a test replaces the ones whose answer it is about. */
function baseFakes(rec: Recorded): Fakes {
  return {
    allocateReference: async () => `SNP-TEST-${randomUUID().slice(0, 6)}`,
    setUpPayment: async (order) => fakePaymentSetup(order),
    commitOrderChange: async ({ order, audit, event }) => {
      rec.orders.push(order);
      if (audit) rec.audits.push(audit);
      if (event) rec.events.push(event.event);
    },
    // As the real one: the reference allocated with the write, and the event's data carrying it.
    commitPlacement: async ({ order, audit, event }) => {
      const reference = `SNP-TEST-${randomUUID().slice(0, 6)}`;
      rec.orders.push({ ...order, reference });
      if (audit) rec.audits.push(audit);
      if (event) rec.events.push(event.event);
      return reference;
    },
    announceOrderEvent: async () => undefined,
    recordAudit: async (entry) => {
      rec.audits.push(entry);
    },
    issueVatInvoice: async ({ order, issueKey }) => ({
      id: `doc_${issueKey.replace(/\W/g, '_')}`,
      kind: 'vat_invoice',
      number: `TEST-INV-${order.version}`,
      title: 'VAT invoice',
      issuedAt: new Date(0).toISOString(),
      totalGbpPence: order.pricing.totalGbpPence,
      sha256: '0'.repeat(64),
      url: `https://api.test/api/v1/orders/${order.id}/documents/inv`,
      verifyUrl: 'https://api.test/verify/inv',
    }),
    issueVatCreditNote: async ({ order, issueKey, remaining }) => ({
      id: `doc_${issueKey.replace(/\W/g, '_')}`,
      kind: 'vat_credit_note',
      number: `TEST-CN-${order.version}`,
      title: 'VAT credit note',
      issuedAt: new Date(0).toISOString(),
      totalGbpPence: order.pricing.totalGbpPence - (remaining?.totalGbpPence ?? 0),
      sha256: '0'.repeat(64),
      url: `https://api.test/api/v1/orders/${order.id}/documents/cn`,
      verifyUrl: 'https://api.test/verify/cn',
    }),
    generateProof: async ({ order }) => `https://api.test/orders/${order.id}/proof`,
    generateCertificate: async ({ order, publication }) => ({
      id: `doc_${publication}`,
      kind: 'certificate',
      title: `Certificate of publication (${publication})`,
      issuedAt: new Date(0).toISOString(),
      sha256: '0'.repeat(64),
      url: `https://api.test/api/v1/orders/${order.id}/documents/doc_${publication}`,
      verifyUrl: `https://api.test/verify/doc_${publication}`,
    }),
    deliverArtwork: async () => undefined,
    voidInvoice: async () => undefined,
    expireCheckout: async () => undefined,
    refundPayment: async () => 're_card',
    refundInvoicePayment: async () => 're_invoice',
    // The real notice engine, on the fixtures' calendar rather than the real one.
    prepareAmendment: (input) => noticeActivities().prepareAmendment({ ...input, today: CTX.today }),
  };
}

/** Wraps every fake so its calls are recorded in order. */
function recording(fakes: Fakes, rec: Recorded): Fakes {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fakes) as Array<
    [keyof OrderActivities, (...a: unknown[]) => unknown]
  >) {
    out[name] = (...args: unknown[]) => {
      rec.calls.push({ name, args });
      return fn(...args);
    };
  }
  return out as Fakes;
}

export interface OrderWorkflowTest {
  client: Client;
  /** Starts and places an order (as the API's update-with-start does) with these fakes over the base ones. */
  place(opts: PlaceOptions): Promise<PlacedOrder>;
  stop(): Promise<void>;
}

export interface PlaceOptions {
  paymentMethod: PaymentMethod;
  type?: NoticeType;
  /** Fields over the type's valid fixture. */
  fields?: Record<string, unknown>;
  fakes?: Fakes;
  timings?: Partial<OrderWorkflowInput['timings']>;
}

export interface PlacedOrder {
  id: string;
  handle: WorkflowHandle;
  recorded: Recorded;
  placed: Order;
  state(): Promise<Order>;
  calls(name: keyof OrderActivities): unknown[][];
  audited(action: string): AuditEntry[];
}

/** The order input exactly as the API builds it from a valid body (fixture dates, fixed `today`). */
function workflowInput(id: string, type: NoticeType, o: PlaceOptions): OrderWorkflowInput {
  const input = parseOrderInput({ ...VALID[type], ...o.fields }, CTX);
  return {
    order: {
      id,
      organisationId: 'org_workflow_test',
      livemode: true,
      type,
      paymentMethod: o.paymentMethod,
      clientRef: null,
      notice: toOrderNotice(prepareNotice(input, CTX)),
    },
    placedBy: 'api_key:key_test',
    publicBaseUrl: 'https://api.test',
    timings: { ...DEFAULT_ORDER_TIMINGS, ...o.timings },
  };
}

/**
 * One worker per test, on its own task queue, so each test's fakes answer only its own orders. The bundle is
 * built once per file.
 */
export async function startOrderWorkflowTest(): Promise<OrderWorkflowTest> {
  installQuietRuntime();
  const address = process.env.TEST_TEMPORAL_ADDRESS;
  const client = new Client({ connection: await Connection.connect({ address }) });
  const workers: Array<{ stop(): Promise<void> }> = [];

  async function runWorker(activities: Fakes): Promise<string> {
    const taskQueue = `workflow-test-${randomUUID()}`;
    const connection = await NativeConnection.connect({ address });
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities,
    });
    const running = worker.run();
    workers.push({
      async stop() {
        worker.shutdown();
        await running;
        await connection.close();
      },
    });
    return taskQueue;
  }

  return {
    client,
    async place(opts) {
      const recorded: Recorded = { orders: [], audits: [], events: [], calls: [] };
      const taskQueue = await runWorker(recording({ ...baseFakes(recorded), ...opts.fakes }, recorded));
      const id = `ord_wf_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      // As the API places an order: the workflow started by its placing update (update-with-start).
      const start = new WithStartWorkflowOperation('orderWorkflow', {
        taskQueue,
        workflowId: orderWorkflowId(id),
        workflowIdConflictPolicy: 'USE_EXISTING',
        args: [workflowInput(id, opts.type ?? 'planning', opts)],
      });
      const placed = await client.workflow.executeUpdateWithStart(placeOrderUpdate, {
        startWorkflowOperation: start,
      });
      const handle = await start.workflowHandle();
      return {
        id,
        handle,
        recorded,
        placed,
        state: () => handle.query(orderStateQuery),
        calls: (name) => recorded.calls.filter((c) => c.name === name).map((c) => c.args),
        audited: (action) => recorded.audits.filter((a) => a.action === action),
      };
    },
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
      await client.connection.close();
    },
  };
}
