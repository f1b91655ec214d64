import { setIntegrationAvailability } from '../../../src/db/integration-health.repository';
import { countWords, NOTICE_TYPES } from '../../../src/notices';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { validOrderBody } from '../../support/notice-bodies';

let api: TestApi;
beforeAll(async () => {
  // A high per-IP limit here: every test in the run comes from 127.0.0.1. The 20/minute limit is tested below.
  api = await startTestApi({ QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
});
afterAll(() => api.close());

/** The spec's fields and the date the notice would be booked for (the newspaper's earliest, for an estimate). */
const SPEC_KEYS = ['compliance', 'newspaper', 'postcode', 'pricing', 'publicationDate', 'type'];
/** Ours besides the spec's: the place's nation, every paper, and the Gazette issue when the cell has one. */
const PLACE_KEYS = ['nation', 'newspapers'];
const GAZETTE_KEYS = ['gazetteEdition', 'gazettePublicationDate'];

describe('POST /api/v1/quote', () => {
  it.each(NOTICE_TYPES)('answers the spec shape for %s', async (type) => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: { type, postcode: 'ls1 4ap', wordCount: 180 },
    });
    expect(res.status).toBe(200);
    const gazette = res.json.pricing.gazetteFeeGbpPence > 0 ? GAZETTE_KEYS : [];
    expect(Object.keys(res.json).sort()).toEqual([...SPEC_KEYS, ...PLACE_KEYS, ...gazette].sort());
    expect(Object.keys(res.json.newspaper).sort()).toEqual(['frequency', 'name', 'rateGbpPence']);
    expect(Object.keys(res.json.pricing).sort()).toEqual(
      [
        'gazetteFeeGbpPence',
        'platformFeeGbpPence',
        'subtotalGbpPence',
        'totalGbpPence',
        'vatGbpPence',
      ].sort(),
    );
    expect(Object.keys(res.json.compliance).sort()).toEqual([
      'minColumnsRequired',
      'publicationDaysRequired',
    ]);
    expect(res.json).toMatchObject({ type, postcode: 'LS1 4AP' });
    const p = res.json.pricing;
    expect(p.totalGbpPence).toBe(
      p.subtotalGbpPence + p.platformFeeGbpPence + p.gazetteFeeGbpPence + p.vatGbpPence,
    );
    for (const value of Object.values(p)) expect(Number.isInteger(value)).toBe(true);
  });

  it.each(NOTICE_TYPES)('previews the notice text of a full %s order', async (type) => {
    const res = await call(api, 'POST', '/api/v1/quote', { body: validOrderBody(type) });
    expect(res.status).toBe(200);
    expect(typeof res.json.noticeText).toBe('string');
    expect(res.json.wordCount).toBe(countWords(res.json.noticeText));
    expect(res.json.wordCount).toBeGreaterThan(20);
  });

  it('ignores a bearer header, even an invalid one', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: { type: 'hgv', postcode: 'LS1 4AP' },
      headers: { Authorization: 'Bearer not-a-key' },
    });
    expect(res.status).toBe(200);
  });

  it.each(['premises_licence', 'HGV', 'gazette'])('answers 400 unsupported_type for %s', async (type) => {
    const res = await call(api, 'POST', '/api/v1/quote', { body: { type, postcode: 'LS1 4AP' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('unsupported_type');
  });

  it('answers 400 validation_error listing every failing field', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: { type: 'hgv', postcode: 'NOT A POSTCODE', wordCount: -3, newspaperName: 'The Daily Nowhere' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    const paths = res.json.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['$.postcode', '$.wordCount', '$.newspaperName']));
  });

  it('answers 503 gazette_unavailable for a Gazette type while the Gazette is down, and quotes the rest', async () => {
    await setIntegrationAvailability(api.db, 'gazette', false, 'test');
    try {
      const probate = await call(api, 'POST', '/api/v1/quote', {
        body: { type: 'probate', postcode: 'LS1 4AP' },
      });
      expect(probate.status).toBe(503);
      expect(probate.json.code).toBe('gazette_unavailable');
      const planning = await call(api, 'POST', '/api/v1/quote', {
        body: { type: 'planning', postcode: 'LS1 4AP' },
      });
      expect(planning.status).toBe(200);
    } finally {
      await setIntegrationAvailability(api.db, 'gazette', true);
    }
  });
});

describe('the quote path and its other spellings', () => {
  const estimate = { type: 'hgv', postcode: 'LS1 4AP', wordCount: 180 };
  /** What a response says apart from its request id (and the limiter's count). */
  const answered = (res: Awaited<ReturnType<typeof call>>) => ({
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    policy: res.headers.get('ratelimit-policy'),
    text: res.text,
  });

  /** A request to a spelling of the path that openapi.json does not list (the contract check is off for it). */
  async function unlisted(...args: Parameters<typeof call>) {
    const before = process.env.CONTRACT_CHECK;
    process.env.CONTRACT_CHECK = 'off';
    try {
      return await call(...args);
    } finally {
      if (before === undefined) delete process.env.CONTRACT_CHECK;
      else process.env.CONTRACT_CHECK = before;
    }
  }

  it('answers a remembered text, a first-seen text, a trailing slash and another case alike', async () => {
    const first = await call(api, 'POST', '/api/v1/quote', { body: estimate });
    const again = await call(api, 'POST', '/api/v1/quote', { body: estimate });
    const reordered = await call(api, 'POST', '/api/v1/quote', {
      body: ` {"wordCount":180, "postcode":"LS1 4AP","type":"hgv"} `,
    });
    const slash = await unlisted(api, 'POST', '/api/v1/quote/', { body: estimate });
    const upper = await unlisted(api, 'POST', '/API/V1/QUOTE?x=1', { body: estimate });
    expect(first.status).toBe(200);
    for (const res of [again, reordered, slash, upper]) expect(answered(res)).toEqual(answered(first));
  });

  it('refuses a malformed text the same way after the same text was answered well-formed', async () => {
    const text = JSON.stringify(estimate);
    expect((await call(api, 'POST', '/api/v1/quote', { body: text })).status).toBe(200);
    const malformed = await call(api, 'POST', '/api/v1/quote', { body: text.slice(0, -1) });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe('validation_error');
    const typed = await call(api, 'POST', '/api/v1/quote', {
      body: text,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(typed.status).toBe(400);
  });

  it('answers another method with 405 and Allow: POST, on the path and its spellings', async () => {
    for (const path of ['/api/v1/quote', '/api/v1/quote/']) {
      const res = await unlisted(api, 'GET', path);
      expect(res.status).toBe(405);
      expect(res.json.code).toBe('method_not_allowed');
      expect(res.headers.get('allow')).toBe('POST');
    }
  });
});

describe('hostile quote bodies', () => {
  it('answers a 90 KB address of commas with 400 on that field, and keeps serving', async () => {
    const applicantAddress = 'x' + ','.repeat(90_000) + 'y';
    const [res, health] = await Promise.all([
      call(api, 'POST', '/api/v1/quote', { body: validOrderBody('hgv', { applicantAddress }) }),
      call(api, 'GET', '/api/health'),
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: 'One or more request fields failed validation.',
      code: 'validation_error',
      details: {
        fields: [
          {
            path: '$.applicantAddress',
            message: 'Must be at most 500 characters (at most 2000 as sent, before cleaning).',
          },
        ],
      },
    });
    expect(health.status).toBe(200);
  });

  it('cleans a pathological field within the raw limit and checks the cleaned limit', async () => {
    const res = await call(api, 'POST', '/api/v1/quote', {
      body: validOrderBody('hgv', { applicantName: '<!--'.repeat(200), applicantAddress: ' ,'.repeat(900) }),
    });
    expect(res.status).toBe(400);
    expect(res.json.details.fields).toEqual([
      { path: '$.applicantName', message: 'Must be at most 200 characters.' },
      { path: '$.applicantAddress', message: 'Must be at most 500 characters.' },
    ]);
  });
});

describe('quote rate limit', () => {
  it('allows 20 requests a minute from one IP, then answers 429 with Retry-After', async () => {
    const limited = await startTestApi({ TRUST_PROXY: 'true' });
    try {
      const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const quoteFrom = (from: string) =>
        call(limited, 'POST', '/api/v1/quote', {
          body: { type: 'planning', postcode: 'LS1 4AP' },
          headers: { 'X-Forwarded-For': from },
        });
      for (let i = 0; i < 20; i++) expect((await quoteFrom(ip)).status).toBe(200);
      const refused = await quoteFrom(ip);
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe('rate_limit_exceeded');
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await quoteFrom('198.51.100.9')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
