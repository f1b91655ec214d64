import { createHash } from 'node:crypto';
import { pdfsigReport } from '../../support/pdfsig';
import { pdfText } from '../../support/pdf-text';
import { paySandbox } from '../../support/sandbox';
import type { PaymentMethod } from '../../../src/orders/status';
import { createIntegrationKey } from '../../../src/db/integration-keys.repository';
import { setIntegrationAvailability } from '../../../src/db/integration-health.repository';
import { listOrderEvents, listAuditEntries } from '../../../src/db/order-records.repository';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { eventually } from '../../support/eventually';
import {
  call,
  createTestKey,
  createTestOrganisation,
  integrationKeysFor,
  type TestApi,
} from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { PUBLICATION_DATE, PUBLISHED_AT, validOrderBody } from '../../support/notice-bodies';

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({ timings: { ...DEFAULT_ORDER_TIMINGS, completeAfterMs: 1500 } });
  api = stack.api;
});

afterAll(() => stack?.stop());

const customer = (paymentMethod: PaymentMethod) => newCustomer(api, paymentMethod);

describe('order lifecycle over HTTP', () => {
  test('an on-account planning order is created, readable at once, proofed, booked, published and completed', async () => {
    const { key } = await customer('invoice_with_terms');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    // One order shape: the 201 is the order as GET answers it (which may have its proof by now).
    const read = await call(api, 'GET', `/api/v1/orders/${id}`, { key });
    expect(read.status).toBe(200);
    const sinceProof = Object.keys(read.json).filter((k) => k !== 'proofPdfUrl');
    expect(Object.keys(created.json).sort()).toEqual(sinceProof.sort());
    expect(created.json).toMatchObject({
      invoiceUrl: expect.any(String),
      livemode: true,
      fields: read.json.fields,
    });
    expect(created.json).not.toHaveProperty('checkoutUrl');
    expect(created.json).toMatchObject({
      status: 'awaiting_booking',
      type: 'planning',
      paymentMethod: 'invoice_with_terms',
    });
    expect(id).toMatch(/^ord_/);
    expect(read.json).toMatchObject({ id, status: 'awaiting_booking', reference: created.json.reference });

    const proofed = await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => Boolean(r.json.proofPdfUrl),
    );
    expect(proofed.json.proofPdfUrl).toBe(`${api.config.publicBaseUrl}/api/v1/orders/${id}/proof`);
    const proof = await call(api, 'GET', `/api/v1/orders/${id}/proof`, { key });
    expect(proof.status).toBe(200);
    expect(proof.headers.get('content-type')).toBe('application/pdf');
    expect(proof.headers.get('content-disposition')).toMatch(/^attachment/);

    const order = read.json;
    const { key: paperKey } = await createIntegrationKey(api.db, {
      kind: 'newspaper',
      newspaperName: order.newspaperName,
    });
    const { key: otherPaper } = await createIntegrationKey(api.db, {
      kind: 'newspaper',
      newspaperName: 'Some Other Gazette',
    });

    const early = await call(api, 'POST', `/api/integrations/v1/orders/${id}/publication`, {
      key: paperKey,
      body: { publishedAt: PUBLISHED_AT },
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('invalid_state_transition');

    const foreign = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: otherPaper,
      body: { publicationDate: PUBLICATION_DATE },
    });
    expect(foreign.status).toBe(404);

    const booking = { publicationDate: PUBLICATION_DATE, newspaperReference: 'YEP-1' };
    const booked = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: paperKey,
      body: booking,
    });
    expect(booked.status).toBe(200);
    expect(booked.json).toMatchObject({ acknowledged: true, changed: true, order: { status: 'booked' } });
    const again = await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: paperKey,
      body: booking,
    });
    expect(again.json).toMatchObject({ acknowledged: true, changed: false, order: { status: 'booked' } });

    const published = await call(api, 'POST', `/api/integrations/v1/orders/${id}/publication`, {
      key: paperKey,
      body: { publishedAt: PUBLISHED_AT, pageNumber: 12 },
    });
    expect(published.json).toMatchObject({ changed: true, order: { status: 'published' } });
    const certificate = await call(api, 'GET', `/api/v1/orders/${id}/certificate`, { key });
    expect(certificate.status).toBe(200);
    const withCertificate = (await call(api, 'GET', `/api/v1/orders/${id}`, { key })).json;
    const [issued] = (withCertificate.documents as Array<Record<string, string>>).filter(
      (d) => d.kind === 'certificate',
    );
    expect(issued).toMatchObject({
      kind: 'certificate',
      url: `${api.config.publicBaseUrl}/api/v1/orders/${id}/documents/${issued.id}`,
      verifyUrl: `${api.config.publicBaseUrl}/verify/${issued.id}`,
    });
    const pdf = Buffer.from(
      await (
        await fetch(`${api.baseUrl}/api/v1/orders/${id}/certificate`, {
          headers: { authorization: `Bearer ${key}` },
        })
      ).arrayBuffer(),
    );
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(issued.sha256);
    expect(pdfsigReport(pdf)).toMatch(/Signature Validation: Signature is Valid/);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('page 12');
    expect(text).toContain('YEP-1');
    const check = (body: Buffer) =>
      fetch(`${api.baseUrl}/verify/${issued.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', accept: 'application/json' },
        body,
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(await check(pdf)).toMatchObject({ documentId: issued.id, matches: true, kind: 'certificate' });
    const altered = Buffer.from(pdf);
    altered[altered.length - 20] ^= 1;
    expect(await check(altered)).toMatchObject({ matches: false });
    // A multipart upload past the limit, though its declared length is within it: refused while it streams.
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(2 * 1024 * 1024 + 1024)]), 'big.pdf');
    const oversized = await fetch(`${api.baseUrl}/verify/${issued.id}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form,
    });
    expect(oversized.status).toBe(413);
    const page = await fetch(`${api.baseUrl}/verify/${issued.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Yorkshire Evening Post');

    const done = await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => r.json.status === 'completed',
    );
    expect(done.json.status).toBe('completed');
    const cancel = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    expect(cancel.status).toBe(409);
    expect(cancel.json.code).toBe('order_not_cancellable');

    const events = await listOrderEvents(api.db, id);
    expect(events.map((e) => e.event)).toEqual([
      'order.created',
      'order.proof_ready',
      'order.booked',
      'order.published',
    ]);
    expect(events.every((e) => e.id.startsWith('evt_'))).toBe(true);
    const publishedEvent = events[3].data;
    expect(publishedEvent).toMatchObject({
      orderId: id,
      status: 'published',
      publishedAt: `${PUBLICATION_DATE}T06:00:00.000Z`,
      certificateUrl: `${api.config.publicBaseUrl}/api/v1/orders/${id}/certificate`,
    });
    expect((publishedEvent.object as Record<string, unknown>).id).toBe(id);
    // The newspaper's booking reference and page reach the caller: on the order and in both events' object.
    expect(events[2].data.object).toMatchObject({ status: 'booked', newspaperReference: 'YEP-1' });
    expect(publishedEvent.object).toMatchObject({ newspaperReference: 'YEP-1', pageNumber: 12 });
    expect(done.json).toMatchObject({ newspaperReference: 'YEP-1', pageNumber: 12 });
  });

  test('probate: the Gazette URN follows publication, only from the Gazette key of its edition', async () => {
    const { key } = await customer('purchase_order');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('probate') });
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('awaiting_po');
    expect(created.json.checkoutUrl).toBeUndefined();
    expect(created.json.invoiceUrl).toBeUndefined();
    const id = created.json.id as string;

    const po = await call(api, 'POST', `/api/v1/orders/${id}/purchase-order`, {
      key,
      body: { poReference: 'PO-42' },
    });
    expect(po.json).toMatchObject({ status: 'awaiting_booking', poReference: 'PO-42' });

    const order = (await call(api, 'GET', `/api/v1/orders/${id}`, { key })).json;
    const { paper, gazette } = await integrationKeysFor(api.db, order);
    const { key: wrongEdition } = await createIntegrationKey(api.db, {
      kind: 'gazette',
      gazetteEdition: 'belfast',
    });
    await call(api, 'POST', `/api/integrations/v1/orders/${id}/booking`, {
      key: paper,
      body: { publicationDate: PUBLICATION_DATE },
    });
    await call(api, 'POST', `/api/integrations/v1/orders/${id}/publication`, {
      key: paper,
      body: { publishedAt: PUBLISHED_AT },
    });
    expect(
      (
        await call(api, 'POST', `/api/integrations/v1/orders/${id}/urn`, {
          key: wrongEdition,
          body: { urn: 'U1' },
        })
      ).status,
    ).toBe(404);
    const urn = await call(api, 'POST', `/api/integrations/v1/orders/${id}/urn`, {
      key: gazette,
      body: { urn: 'URN-4001' },
    });
    expect(urn.json).toMatchObject({ changed: true, order: { status: 'urn_received' } });
    const events = await listOrderEvents(api.db, id);
    expect(events.map((e) => e.event)).toContain('order.urn_received');
  });

  test('card checkout through the sandbox: pending_payment until paid; cancel refunds and records the reason', async () => {
    const { key } = await customer('stripe_checkout');
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('hgv') });
    expect(created.json).toMatchObject({ status: 'pending_payment', paymentMethod: 'stripe_checkout' });
    const id = created.json.id as string;
    // Our stable checkout address, which sends the payer to the sandbox's checkout page.
    expect(created.json.checkoutUrl).toBe(`${api.config.publicBaseUrl}/pay/${id}`);
    const redirect = await fetch(`${api.baseUrl}/pay/${id}`, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(`${api.config.publicBaseUrl}/sandbox/checkout/${id}`);

    const page = await fetch(`${api.baseUrl}/sandbox/checkout/${id}`);
    expect(await page.text()).toContain('LOCAL PAYMENT SANDBOX');
    expect((await paySandbox(api.baseUrl, id)).status).toBe(200);
    const paid = await eventually(
      () => call(api, 'GET', `/api/v1/orders/${id}`, { key }),
      (r) => r.json.paymentState === 'paid',
    );
    expect(paid.json.status).toBe('awaiting_booking');

    const cancelled = await call(api, 'POST', `/api/v1/orders/${id}/cancel`, {
      key,
      body: { reason: 'Client withdrew' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    const audit = await listAuditEntries(api.db, id);
    expect(audit.find((a) => a.action === 'cancelled')?.reason).toBe('Client withdrew');
  });

  test('amend: size growth needs acceptPriceChange; refused outside amendable statuses; validation errors', async () => {
    const { key } = await customer('invoice_bank_transfer');
    const id = (await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') })).json
      .id as string;
    const longer = {
      developmentDescription: 'Erection of 45 dwellings with access and landscaping. '.repeat(12).trim(),
    };
    const refused = await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: longer });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('size_growth_not_allowed');
    const bad = await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: { postcode: 'nowhere' } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_error');
    const accepted = await call(api, 'POST', `/api/v1/orders/${id}/amend`, {
      key,
      body: { ...longer, acceptPriceChange: true },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.noticeText).toContain('Erection of 45 dwellings');
    expect((await listOrderEvents(api.db, id)).map((e) => e.event)).toContain('order.amended');

    await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: {} });
    const late = await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: { signOff: 'x' } });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('order_not_amendable');
    const other = await customer('invoice_with_terms');
    expect(
      (await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key: other.key, body: {} })).status,
    ).toBe(404);
  });

  test('our own invoice: a PDF at invoiceUrl for orders on account, 404 otherwise and for other organisations', async () => {
    const org = await createTestOrganisation(api.db, {
      paymentMethod: 'invoice_bank_transfer',
      termsDays: 60,
    });
    const { key } = await createTestKey(api.db, org.id);
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    const id = created.json.id as string;
    expect(created.json.invoiceUrl).toBe(`${api.config.publicBaseUrl}/api/v1/orders/${id}/invoice`);
    const res = await fetch(`${api.baseUrl}/api/v1/orders/${id}/invoice`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${created.json.reference}-invoice.pdf"`,
    );
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const other = await customer('invoice_with_terms');
    const foreign = await call(api, 'GET', `/api/v1/orders/${id}/invoice`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('order_not_found');
    const { key: writeOnly } = await createTestKey(api.db, org.id, ['orders:write']);
    expect((await call(api, 'GET', `/api/v1/orders/${id}/invoice`, { key: writeOnly })).status).toBe(403);

    const po = await customer('purchase_order');
    const poOrder = await call(api, 'POST', '/api/v1/orders', {
      key: po.key,
      body: validOrderBody('planning'),
    });
    const none = await call(api, 'GET', `/api/v1/orders/${poOrder.json.id}/invoice`, { key: po.key });
    expect(none.status).toBe(404);
    expect(none.json.code).toBe('order_not_found');
  });

  test('Idempotency-Key: same key and body replays the order; another body is 422', async () => {
    const { key } = await customer('invoice_with_terms');
    const headers = { 'Idempotency-Key': 'create-123' };
    const first = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: validOrderBody('planning'),
      headers,
    });
    const second = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: validOrderBody('planning'),
      headers,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const reused = await call(api, 'POST', '/api/v1/orders', {
      key,
      body: { ...validOrderBody('planning'), clientRef: 'x' },
      headers,
    });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
  });

  test('gazette_unavailable: Gazette notices are refused while the integration is down', async () => {
    const { key } = await customer('invoice_with_terms');
    await setIntegrationAvailability(api.db, 'gazette', false, 'test outage');
    try {
      const res = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('probate') });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('gazette_unavailable');
      expect(
        (await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') })).status,
      ).toBe(201);
    } finally {
      await setIntegrationAvailability(api.db, 'gazette', true);
    }
  });
});
