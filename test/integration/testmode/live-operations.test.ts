import { TEST_BANNER } from '../../../src/documents/render';
import { orderWorkflowId } from '../../../src/workflows/order.messages';
import { SEARCH_ATTRIBUTE_KEYS } from '../../../src/workflows/search-attributes';
import { eventually } from '../../support/eventually';
import { pdfText } from '../../support/pdf-text';
import { advance, customer, orderReaches, placeOrder, useTestModeStack } from './support';

const stack = useTestModeStack();

/** A document as the caller downloads it, with its text. */
async function documentText(key: string, id: string, document: 'proof' | 'invoice' | 'certificate') {
  const res = await fetch(`${stack.api.baseUrl}/api/v1/orders/${id}/${document}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

/** The default NeedsAttention query of docs/orders.md, narrowed to one organisation. */
async function workflowsFound(query: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const wf of stack.api.temporal.workflow.list({ query })) ids.push(wf.workflowId);
  return ids;
}

describe('test mode stays out of live operations', () => {
  test('test-mode proofs, invoices and certificates carry a visible TEST watermark; live ones do not', async () => {
    const { api } = stack;
    const { testKey, liveKey } = await customer(api, 'invoice_with_terms');
    const order = await placeOrder(api, testKey, 'planning', { clientRef: 'test:manual' });
    const live = await placeOrder(api, liveKey, 'planning');
    await orderReaches(api, order.id, (o) => o.proofPdfUrl !== null);
    await orderReaches(api, live.id, (o) => o.proofPdfUrl !== null);

    for (const document of ['proof', 'invoice'] as const) {
      const text = await documentText(testKey, order.id, document);
      expect(text).toContain(TEST_BANNER);
      expect(text).toMatch(/\bTEST\b/);
      const liveText = await documentText(liveKey, live.id, document);
      expect(liveText).not.toContain(TEST_BANNER);
      expect(liveText).not.toMatch(/\bTEST\b/);
    }
    expect((await advance(api, testKey, order.id, 'booked')).status).toBe(200);
    expect((await advance(api, testKey, order.id, 'published')).status).toBe(200);
    await orderReaches(api, order.id, (o) => o.certificateUrl !== null);
    const certificate = await documentText(testKey, order.id, 'certificate');
    expect(certificate).toContain(TEST_BANNER);
    expect(certificate).toMatch(/\bTEST\b/);
  });

  test('a test order needing attention is not in the operators’ default query (Livemode = true)', async () => {
    const { api } = stack;
    const { org, testKey } = await customer(api, 'invoice_with_terms');
    const order = await placeOrder(api, testKey, 'planning', { clientRef: 'test:delivery_failed' });
    await orderReaches(api, order.id, (o) => o.needsAttention === true);

    const handle = api.temporal.workflow.getHandle(orderWorkflowId(order.id));
    const attributes = await eventually(
      async () => (await handle.describe()).typedSearchAttributes,
      (a) => a.get(SEARCH_ATTRIBUTE_KEYS.NeedsAttention) === true,
    );
    expect(attributes.get(SEARCH_ATTRIBUTE_KEYS.Livemode)).toBe(false);

    const scope = `OrganisationId = '${org.id}'`;
    // The same query with Livemode = false finds it, so the default query's silence is not visibility lag.
    const testQueue = await eventually(
      () => workflowsFound(`NeedsAttention = true AND Livemode = false AND ${scope}`),
      (ids) => ids.length > 0,
    );
    expect(testQueue).toEqual([orderWorkflowId(order.id)]);
    expect(await workflowsFound(`NeedsAttention = true AND Livemode = true AND ${scope}`)).toEqual([]);
  });
});
