import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { jsonBody } from '../../../src/api/middleware/json-body';

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
