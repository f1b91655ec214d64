import { webhooks } from '../../../sdk/src';
import { NOTICE_TYPES, type NoticeType } from '../../../src/notices';
import { call } from '../../support/harness';
import { eventually } from '../../support/eventually';
import { startReceiver, type Receiver } from '../webhooks/support';
import {
  auditOf,
  customer,
  eventNames,
  orderReaches,
  placeOrder,
  registerEndpoint,
  useTestModeStack,
} from './support';

const stack = useTestModeStack();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const finalStatus = (type: NoticeType) => (type === 'probate' ? 'urn_received' : 'published');

describe("a test key's journey through the simulated newspaper and Gazette", () => {
  it.each(NOTICE_TYPES)(
    '%s: created, proofed, booked, published (probate: URN) with every event',
    async (type) => {
      const { api } = stack;
      const { org, testKey } = await customer(api);
      const { secret } = await registerEndpoint(api, org.id, 'test', receiver.url);

      const created = await placeOrder(api, testKey, type);
      expect(created.status).toBe('awaiting_booking');
      const read = await call(api, 'GET', `/api/v1/orders/${created.id}`, { key: testKey });
      expect(read.json).toMatchObject({ id: created.id, livemode: false });

      const done = await orderReaches(api, created.id, (o) => o.status === finalStatus(type));
      expect(done.status).toBe(finalStatus(type));

      const expected = ['order.created', 'order.proof_ready', 'order.booked', 'order.published'];
      if (type === 'probate') expected.push('order.urn_received');
      const events = await eventually(
        () => eventNames(api, created.id),
        (names) => names.length >= expected.length,
      );
      expect(events).toEqual(expected);

      // The reports came from the simulators, through the same workflow messages a real integration sends.
      const audit = await auditOf(api, created.id);
      const actors = Object.fromEntries(audit.map((e) => [e.action, e.actor]));
      expect(actors).toMatchObject({ booked: 'simulator:newspaper', published: 'simulator:newspaper' });
      const order = await call(api, 'GET', `/api/v1/orders/${created.id}`, { key: testKey });
      expect(order.json.publicationDate).toBe(read.json.publicationDate);
      expect(order.json.certificateUrl).toMatch(/\/certificate$/);
      const probate = type === 'probate';
      expect({ urnBy: actors.urn_received, urn: order.json.urn }).toEqual({
        urnBy: probate ? 'simulator:gazette' : undefined,
        urn: probate ? `TEST-URN-${created.reference}` : undefined,
      });
      const certificate = await call(api, 'GET', `/api/v1/orders/${created.id}/certificate`, {
        key: testKey,
      });
      expect(certificate.status).toBe(200);
      expect(certificate.headers.get('content-type')).toBe('application/pdf');

      // Every event reached the organisation's test endpoint, signed.
      const mine = await eventually(
        () =>
          receiver.received
            .map((r) => ({ r, body: JSON.parse(r.rawBody) as { event: string; data: { orderId: string } } }))
            .filter((x) => x.body.data.orderId === created.id),
        (list) => list.length >= expected.length,
      );
      expect(new Set(mine.map((x) => x.body.event))).toEqual(new Set(expected));
      for (const { r } of mine) {
        expect(() =>
          webhooks.constructEvent(r.rawBody, r.headers['x-service-signature'], secret),
        ).not.toThrow();
      }
    },
  );
});
