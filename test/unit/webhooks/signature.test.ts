import Stripe from 'stripe';
import { webhooks } from '../../../sdk/src';
import { buildEnvelope } from '../../../src/webhooks/envelope';
import { newSigningSecret } from '../../../src/webhooks/secrets';
import { computeSignature, signatureHeader } from '../../../src/webhooks/signature';

/** The signer; the verifier's own cases (tolerance, malformed headers…) are the SDK's (test/unit/sdk). */
const { body } = buildEnvelope({
  id: 'evt_1',
  event: 'order.created',
  createdAt: '2026-11-22T10:00:00.000Z',
  data: { orderId: 'ord_1', note: 'Café – “quoted”' },
});
const secret = newSigningSecret();
const now = 1_795_000_000;

describe('webhook signatures', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with no spaces', () => {
    const header = signatureHeader(body, [secret], now);
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    const { createHmac } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const expected = createHmac('sha256', secret).update(`${now}.${body}`, 'utf8').digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(computeSignature(Buffer.from(body), now, secret)).toBe(expected);
  });

  it('carries one v1 per active secret during a rotation, each accepted by the SDK', () => {
    const old = newSigningSecret();
    const header = signatureHeader(body, [secret, old], now);
    expect(header.split(',')).toHaveLength(3);
    for (const s of [secret, old]) {
      expect(webhooks.constructEvent(body, header, s, { now }).id).toBe('evt_1');
    }
    expect(() => webhooks.constructEvent(body, header, newSigningSecret(), { now })).toThrow();
  });

  it("is accepted by the stripe library's own verifiers, for each active secret", () => {
    const old = newSigningSecret();
    const header = signatureHeader(body, [secret, old], Math.floor(Date.now() / 1000));
    for (const s of [secret, old]) {
      expect(Stripe.webhooks.constructEvent(body, header, s)).toMatchObject({ id: 'evt_1' });
      expect(Stripe.webhooks.signature!.verifyHeader(body, header, s, 300)).toBe(true);
    }
    expect(() => Stripe.webhooks.constructEvent(body, header, newSigningSecret())).toThrow();
  });

  it("equals the stripe library's test header and the SDK's (one format three ways)", () => {
    const ours = signatureHeader(body, [secret], now);
    expect(Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now })).toBe(ours);
    expect(webhooks.generateTestHeader(body, secret, now)).toBe(ours);
  });

  it('refuses no secret and a timestamp that is not unix seconds', () => {
    expect(() => signatureHeader(body, [], now)).toThrow(/at least one signing secret/);
    expect(() => signatureHeader(body, [secret], -1)).toThrow(/unix seconds/);
    expect(() => signatureHeader(body, [secret], 1.5)).toThrow(/unix seconds/);
  });
});
