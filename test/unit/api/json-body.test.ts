import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { jsonBody, jsonTextDepth, MAX_JSON_DEPTH } from '../../../src/api/middleware/json-body';

/** A real server with the middleware: answers the parsed body and the raw text, or the status of the refusal. */
function serve() {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
      ctx.body = { refused: (err as Error).message };
    }
  });
  app.use(jsonBody(1000));
  app.use((ctx) => {
    ctx.body = { body: ctx.request.body, raw: (ctx.request as { rawBody?: string }).rawBody ?? null };
  });
  return app.listen(0, '127.0.0.1');
}

const server = serve();
beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** One POST with exactly these bytes and headers; chunks are written separately, a tick apart. */
function post(chunks: Buffer[], headers: Record<string, string | number>) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; json: { body?: unknown; raw?: string; refused?: string } }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      });
      req.on('error', reject);
      const write = (i: number): void => {
        if (i === chunks.length) return void req.end();
        req.write(chunks[i]);
        setTimeout(() => write(i + 1), 5);
      };
      write(0);
    },
  );
}

const json = (text: string, extra: Record<string, string | number> = {}) => {
  const bytes = Buffer.from(text, 'utf8');
  return post([bytes], { 'content-type': 'application/json', 'content-length': bytes.length, ...extra });
};

describe('jsonBody', () => {
  it('parses a body and keeps its raw text (Stripe signatures are checked over it)', async () => {
    const res = await json('{"a":1,"s":"é"}');
    expect(res).toEqual({ status: 200, json: { body: { a: 1, s: 'é' }, raw: '{"a":1,"s":"é"}' } });
  });

  it('drops a UTF-8 byte order mark, as the library does', async () => {
    expect((await json('\uFEFF{"a":1}')).json.body).toEqual({ a: 1 });
  });

  it('refuses malformed JSON, a bare string and __proto__ keys with 400', async () => {
    for (const text of ['{"a":', '"x"', '{"__proto__":{"admin":true}}']) {
      expect((await json(text)).status).toBe(400);
    }
  });

  it('refuses a body over the limit with 413', async () => {
    expect((await json(`{"a":"${'x'.repeat(2000)}"}`)).status).toBe(413);
  });

  it('reads a body that arrives in pieces, chunked, or compressed', async () => {
    const text = '{"type":"planning","wordCount":250}';
    const bytes = Buffer.from(text);
    const pieces = [bytes.subarray(0, 10), bytes.subarray(10)];
    const slow = await post(pieces, { 'content-type': 'application/json', 'content-length': bytes.length });
    expect(slow.json.body).toEqual(JSON.parse(text));
    const chunked = await post(pieces, {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    expect(chunked.json.body).toEqual(JSON.parse(text));
    const gz = gzipSync(bytes);
    const compressed = await post([gz], {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': gz.length,
    });
    expect(compressed.json.body).toEqual(JSON.parse(text));
  });
});

/** The nesting depth of a parsed value (`{}` is 1), the definition jsonTextDepth must agree with. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** A small deterministic generator of JSON values with brackets, quotes and escapes inside strings. */
function randomValue(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const strings = ['', '[', ']', '{"a":[', '\\', '"', '\\"]}', 'x', '\u005b'];
  const value = (level: number): unknown => {
    const r = next();
    if (level > 6 || r < 0.3) return strings[Math.floor(next() * strings.length)];
    if (r < 0.4) return Math.floor(next() * 100);
    if (r < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => value(level + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, (_, i) => [
        strings[i % strings.length] + i,
        value(level + 1),
      ]),
    );
  };
  return value(0);
}

describe('jsonTextDepth', () => {
  it("agrees with the parsed value's depth for 2,000 values with brackets, quotes and escapes in strings", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const v = randomValue(seed);
      const text = JSON.stringify(v);
      expect([seed, jsonTextDepth(text, 1000)]).toEqual([seed, depthOf(v)]);
    }
  });

  it('stops counting past the limit, and reads 100 KB of brackets in one pass', () => {
    expect(jsonTextDepth('['.repeat(100_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonTextDepth(`"${'['.repeat(100_000)}"`)).toBe(0); // inside a string
    expect(jsonTextDepth('[]'.repeat(50_000))).toBe(1);
  });
});

describe('jsonBody: nesting', () => {
  it('refuses a body nested deeper than the limit before parsing it, and accepts one at the limit', async () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect((await json(nested(MAX_JSON_DEPTH))).status).toBe(200);
    const refused = await json(`{"x":${nested(MAX_JSON_DEPTH)}}`);
    expect(refused.json.refused).toBe('The request body is nested too deeply.'); // the app maps it to 400
  });
});
