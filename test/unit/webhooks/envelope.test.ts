import { decryptSecret, encryptSecret, newSigningSecret } from '../../../src/webhooks/secrets';
import { buildEnvelope } from '../../../src/webhooks/envelope';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { DEFAULT_WEBHOOK_EVENTS, OPT_IN_EVENTS, parseEventList } from '../../../src/webhooks/events';

describe('webhook envelope and events', () => {
  it("is exactly the spec's {id, event, createdAt, data}, serialised once", () => {
    const { envelope, body } = buildEnvelope({
      id: 'evt_abc',
      event: 'order.published',
      createdAt: new Date('2026-11-22T10:00:00.123Z'),
      data: { orderId: 'ord_1', object: { id: 'ord_1' } },
    });
    expect(Object.keys(envelope)).toEqual(['id', 'event', 'createdAt', 'data']);
    expect(envelope.createdAt).toBe('2026-11-22T10:00:00.123Z');
    expect(JSON.parse(body)).toEqual(envelope);
  });

  it("lists the spec's eight events and the opt-in order.paid, and parses subscriptions", () => {
    expect(ORDER_EVENTS).toEqual([
      'order.created',
      'order.booked',
      'order.published',
      'order.cancelled',
      'order.amended',
      'order.urn_received',
      'order.proof_ready',
      'order.delivery_failed',
      'order.paid',
    ]);
    expect(OPT_IN_EVENTS).toEqual(['order.paid']);
    expect(DEFAULT_WEBHOOK_EVENTS).toEqual(ORDER_EVENTS.slice(0, 8));
    expect(parseEventList('order.paid,order.created')).toEqual(['order.created', 'order.paid']);
    expect(parseEventList('order.booked, order.created,order.booked')).toEqual([
      'order.created',
      'order.booked',
    ]);
    expect(() => parseEventList('order.shipped')).toThrow(/unknown event order.shipped/);
    expect(() => parseEventList(' , ')).toThrow(/at least one/);
  });
});

describe('signing secrets at rest', () => {
  const key = Buffer.alloc(32, 1);

  it('are whsec_ strings of 256 random bits', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{43}$/);
    expect(newSigningSecret()).not.toBe(a);
  });

  it('round-trip through AES-256-GCM, bound to their endpoint and key', () => {
    const secret = newSigningSecret();
    const stored = encryptSecret(key, secret, 'whe_1');
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptSecret(key, stored, 'whe_1')).toBe(secret);
    expect(encryptSecret(key, secret, 'whe_1')).not.toBe(stored);
    expect(() => decryptSecret(key, stored, 'whe_2')).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 2), stored, 'whe_1')).toThrow();
  });
});
