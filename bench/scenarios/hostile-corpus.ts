import { createHmac, randomBytes } from 'node:crypto';
import { NOTICE_TYPES } from '../../src/notices';
import { validOrderBody } from '../../test/support/notice-bodies';

/** One request of the hostile corpus: sent as is, its answer only counted. */
export interface HostileRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface CorpusTargets {
  liveKey: string;
  testKey: string;
  /** A live order of the caller, for amend and for cursors. */
  orderId: string;
  testOrderId: string;
}

/** A small deterministic generator (mulberry32), so every run sends the same corpus. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const json = { 'content-type': 'application/json' };
const auth = (key: string) => ({ ...json, authorization: `Bearer ${key}` });

/** Strings that made regular expressions and normalisation backtrack or reorder: ~90 KB, and just under limits. */
const PATHOLOGICAL: Record<string, string> = {
  commas90k: 'x' + ','.repeat(90_000) + 'y',
  openComments90k: '<!--'.repeat(22_000),
  spaces90k: 'a' + ' '.repeat(90_000) + 'b',
  combining90kB: 'e' + '\u0301'.repeat(22_000) + '\u0316'.repeat(22_000),
  openTags90k: '<a'.repeat(45_000),
  commas2k: 'x' + ','.repeat(1_990) + 'y',
  openComments2k: '<!--'.repeat(495),
  combining2k: 'e' + '\u0301'.repeat(990) + '\u0316'.repeat(990),
  zeroWidth2k: 'a\u200b'.repeat(990),
};

function pathologicalRequests(t: CorpusTargets): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const [name, value] of Object.entries(PATHOLOGICAL)) {
    for (const field of ['applicantAddress', 'applicantName', 'description']) {
      const body = JSON.stringify(validOrderBody('planning', { [field]: value }));
      out.push({ kind: `pathological ${name}`, method: 'POST', path: '/api/v1/quote', headers: json, body });
      out.push({
        kind: `pathological ${name}`,
        method: 'POST',
        path: '/api/v1/orders',
        headers: auth(t.liveKey),
        body,
      });
    }
    out.push({
      kind: `pathological ${name} amend`,
      method: 'POST',
      path: `/api/v1/orders/${t.orderId}/amend`,
      headers: auth(t.liveKey),
      body: JSON.stringify({ applicantAddress: value }),
    });
  }
  return out;
}

function deepRequests(t: CorpusTargets): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const depth of [100, 5_000, 40_000]) {
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    const targets: [string, Record<string, string>][] = [
      ['/api/v1/quote', json],
      ['/api/v1/orders', auth(t.liveKey)],
      [
        '/api/v1/orders',
        { ...auth(t.liveKey), 'idempotency-key': `deep-${depth}-${randomBytes(4).toString('hex')}` },
      ],
      [`/api/v1/orders/${t.orderId}/amend`, auth(t.liveKey)],
      [`/api/v1/test_helpers/orders/${t.testOrderId}/advance`, auth(t.testKey)],
    ];
    for (const [path, headers] of targets) {
      out.push({ kind: 'deep nesting', method: 'POST', path, headers, body: `{"type":"hgv","x":${deep}}` });
    }
  }
  return out;
}

function cursorRequests(t: CorpusTargets, rng: ReturnType<typeof random>): HostileRequest[] {
  const payload = (extra: Record<string, unknown>) =>
    Buffer.from(
      JSON.stringify({ v: 1, at: new Date().toISOString(), id: t.orderId, limit: 25, f: {}, ...extra }),
    ).toString('base64url');
  const forged = (body: string) =>
    `${body}.${createHmac('sha256', randomBytes(32)).update(body).digest('base64url')}`;
  const variants = [
    () => randomBytes(rng.int(200) + 1).toString('base64url'),
    () => payload({}),
    () => forged(payload({ limit: 1_000_000 })),
    () => forged(payload({ f: { status: "x' or 1=1" } })),
    () => `${payload({})}.${'A'.repeat(43)}`,
    () => 'a'.repeat(1000),
    () => '.'.repeat(999),
  ];
  return Array.from({ length: 60 }, (_, i) => ({
    kind: 'forged cursor',
    method: 'GET' as const,
    path: `/api/v1/orders?cursor=${encodeURIComponent(variants[i % variants.length]!())}`,
    headers: auth(t.liveKey),
  }));
}

function malformedRequests(t: CorpusTargets): HostileRequest[] {
  const bodies = [
    '{"type": ',
    '[]',
    'null',
    '"hgv"',
    '1e999',
    '{"type":"hgv","postcode":1e308}',
    '{"__proto__":{"admin":true},"type":"hgv"}',
    `{"${'k'.repeat(50_000)}":1}`,
    '{"type":"hgv"}'.padEnd(90_000, ' '),
    JSON.stringify({ type: 'tro', roads: Array.from({ length: 5_000 }, () => 'Road') }),
    JSON.stringify({ type: 'x'.repeat(90_000) }),
  ];
  const out: HostileRequest[] = [];
  for (const body of bodies) {
    out.push({ kind: 'malformed', method: 'POST', path: '/api/v1/quote', headers: json, body });
    out.push({ kind: 'malformed', method: 'POST', path: '/api/v1/orders', headers: auth(t.liveKey), body });
  }
  out.push({
    kind: 'wrong content type',
    method: 'POST',
    path: '/api/v1/quote',
    headers: { 'content-type': 'text/plain' },
    body: 'type=hgv',
  });
  for (const value of [
    'bearer x',
    'Basic abc',
    `Bearer ${'A'.repeat(7000)}`,
    `BEARER ${t.liveKey}`,
    'Bearer',
  ]) {
    out.push({
      kind: 'authorization',
      method: 'GET',
      path: '/api/v1/orders',
      headers: { authorization: value },
    });
  }
  return out;
}

/** Random damage to a valid body: a field removed, retyped, blown up, or an unknown one added. */
function mutate(body: Record<string, unknown>, rng: ReturnType<typeof random>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  const keys = Object.keys(copy);
  const key = rng.pick(keys);
  const replacements: (() => unknown)[] = [
    () => undefined,
    () => null,
    () => rng.int(1e9) - 5e8,
    () => [copy[key], copy[key]],
    () => ({ value: copy[key] }),
    () => String(copy[key]).repeat(rng.int(400) + 2),
    () => rng.pick(Object.values(PATHOLOGICAL)).slice(0, rng.int(8_000) + 1),
    () => true,
    () => '',
  ];
  const replacement = rng.pick(replacements)();
  if (replacement === undefined) delete copy[key];
  else copy[key] = replacement;
  if (rng.next() < 0.2) copy[`unknown${rng.int(100)}`] = 'x';
  if (rng.next() < 0.1) copy.type = rng.pick([...NOTICE_TYPES, 'premises_licence', 7]);
  return copy;
}

function mutationRequests(t: CorpusTargets, rng: ReturnType<typeof random>, count: number): HostileRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const body = JSON.stringify(mutate(validOrderBody(rng.pick(NOTICE_TYPES)), rng));
    const target = i % 3;
    if (target === 0)
      return { kind: 'mutated body', method: 'POST', path: '/api/v1/quote', headers: json, body };
    if (target === 1) {
      return { kind: 'mutated body', method: 'POST', path: '/api/v1/orders', headers: auth(t.testKey), body };
    }
    return {
      kind: 'mutated amend',
      method: 'POST',
      path: `/api/v1/orders/${t.orderId}/amend`,
      headers: auth(t.liveKey),
      body,
    };
  });
}

/** At least `size` malformed and pathological requests, unauthenticated and authenticated, in a shuffled order. */
export function hostileCorpus(t: CorpusTargets, size = 1_000, seed = 13): HostileRequest[] {
  const rng = random(seed);
  const fixed = [
    ...pathologicalRequests(t),
    ...deepRequests(t),
    ...cursorRequests(t, rng),
    ...malformedRequests(t),
  ];
  const all = [...fixed, ...mutationRequests(t, rng, Math.max(0, size - fixed.length))];
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}
