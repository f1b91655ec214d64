import Stripe from 'stripe';
import { verifyWebhookSignature as exported } from '../../../src';
import { buildEnvelope } from '../../../src/webhooks/envelope';
import { newSigningSecret } from '../../../src/webhooks/secrets';
import {
  computeSignature,
  signatureHeader,
  verifyWebhookSignature,
  WebhookSignatureError,
} from '../../../src/webhooks/signature';

const { body } = buildEnvelope({
  id: 'evt_1',
  event: 'order.created',
  createdAt: '2026-11-22T10:00:00.000Z',
  data: { orderId: 'ord_1', note: 'Café – “quoted”' },
});
const secret = newSigningSecret();
const now = 1_795_000_000;

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof WebhookSignatureError ? err.reason : `other: ${(err as Error).message}`;
  }
  return undefined;
}

describe('webhook signatures', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with no spaces', () => {
    const header = signatureHeader(body, [secret], now);
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    const { createHmac } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const expected = createHmac('sha256', secret).update(`${now}.${body}`, 'utf8').digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(computeSignature(Buffer.from(body), now, secret)).toBe(expected);
  });

  it('carries one v1 per active secret during a rotation', () => {
    const old = newSigningSecret();
    const header = signatureHeader(body, [secret, old], now);
    expect(header.split(',')).toHaveLength(3);
    for (const s of [secret, old]) {
      expect(verifyWebhookSignature({ rawBody: body, header, secrets: [s], now })).toEqual({
        timestamp: now,
      });
    }
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

  it("verifies the stripe library's test header (same format both ways)", () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now });
    expect(verifyWebhookSignature({ rawBody: body, header, secrets: [secret], now })).toEqual({
      timestamp: now,
    });
  });

  it('accepts within the 300-second tolerance and rejects outside it, in the past or the future', () => {
    const header = signatureHeader(body, [secret], now);
    const verify = (at: number) =>
      reason(() => verifyWebhookSignature({ rawBody: body, header, secrets: [secret], now: at }));
    expect(verify(now + 300)).toBeUndefined();
    expect(verify(now - 300)).toBeUndefined();
    expect(verify(now + 301)).toBe('timestamp_too_old');
    expect(verify(now - 301)).toBe('timestamp_in_future');
    expect(
      reason(() =>
        verifyWebhookSignature({
          rawBody: body,
          header,
          secrets: [secret],
          now: now + 30,
          toleranceSeconds: 10,
        }),
      ),
    ).toBe('timestamp_too_old');
  });

  it('rejects a changed body, a wrong secret, a re-serialised body and malformed headers', () => {
    const header = signatureHeader(body, [secret], now);
    const check = (over: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      reason(() => verifyWebhookSignature({ rawBody: body, header, secrets: [secret], now, ...over }));
    expect(check({ rawBody: body.replace('ord_1', 'ord_2') })).toBe('no_matching_signature');
    expect(check({ rawBody: JSON.stringify(JSON.parse(body), null, 2) })).toBe('no_matching_signature');
    expect(check({ secrets: [newSigningSecret()] })).toBe('no_matching_signature');
    expect(check({ secrets: [] })).toBe('no_matching_signature');
    expect(check({ header: undefined })).toBe('missing_header');
    expect(check({ header: [header, header] })).toBe('missing_header');
    expect(check({ header: header.replace(',', ', ') })).toBe('malformed_header');
    expect(check({ header: `t=${now}` })).toBe('malformed_header');
    expect(check({ header: `t=${now},v1=` })).toBe('malformed_header');
    expect(check({ header: `v1=${'a'.repeat(64)}` })).toBe('malformed_header');
    expect(check({ rawBody: JSON.parse(body) })).toMatch(/^other: rawBody must be the raw request body/);
  });

  it('accepts any matching v1 among several, ignoring unknown schemes', () => {
    const good = signatureHeader(body, [secret], now).split(',')[1];
    const header = `t=${now},v0=abc,v1=${'0'.repeat(64)},${good},v2=zzz`;
    expect(verifyWebhookSignature({ rawBody: Buffer.from(body), header, secrets: [secret], now })).toEqual({
      timestamp: now,
    });
  });

  it('is exported from the package entry', () => {
    expect(exported).toBe(verifyWebhookSignature);
  });
});
