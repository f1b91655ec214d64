/**
 * The OpenAPI document tells the whole truth: every cell's valid order body, every example it shows and every
 * sample event validate against it, and every refusal an operation gives has its schema. (Every response the
 * integration suite receives is also checked against it: test/support/contract-setup.ts.)
 */
import { HTTP_STATUS } from '../../../src/api/errors';
import { openApiDocument } from '../../../src/api/openapi/document';
import { webhookSchemaId } from '../../../src/api/openapi/schemas';
import { cellSchemaId, typeSchemaId } from '../../../src/api/openapi/order-input.schema';
import { ERROR_CODES, type ErrorCode } from '../../../src/errors';
import { NATIONS, NOTICE_TYPES, noticeTypesCatalogue, parseOrderInput } from '../../../src/notices';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { sampleEventData } from '../../../src/testmode/sample-events';
import { unrecordedEnvelope } from '../../../src/webhooks/envelope';
import { schemaProblems } from '../../support/contract';
import { CTX } from '../notices/fixtures';
import { validCell } from '../notices/nation-fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document
const doc = openApiDocument() as unknown as Json;
const schema = (id: string) => `/components/schemas/${id}`;
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const CELLS = NOTICE_TYPES.flatMap((type) => NATIONS.map((nation) => [type, nation] as const));
const METHODS = ['get', 'post'];

/** Every operation of the document: its pointer and object. */
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    name: `${m.toUpperCase()} ${path}`,
    pointer: `/paths/${escape(path)}/${m}`,
    op: item[m] as Json,
  })),
);

describe('every type × nation cell', () => {
  it.each(CELLS)('%s in %s: its valid body is an order, a quote, its type and its cell', (type, nation) => {
    const body = validCell(type, nation);
    expect(() => parseOrderInput(body, CTX)).not.toThrow();
    const createOrder = `/paths/${escape('/v1/orders')}/post/requestBody/content/application~1json/schema`;
    const createQuote = `/paths/${escape('/v1/quote')}/post/requestBody/content/application~1json/schema`;
    for (const pointer of [
      createOrder,
      createQuote,
      schema('OrderInput'),
      schema(typeSchemaId(type)),
      schema(cellSchemaId(type, nation)),
    ]) {
      expect([pointer, schemaProblems(pointer, body)]).toEqual([pointer, []]);
    }
  });

  it.each(CELLS)('%s in %s: any subset of its fields is an amendment', (type, nation) => {
    const { type: _type, ...fields } = validCell(type, nation);
    const amend = `/paths/${escape('/v1/orders/{id}/amend')}/post/requestBody/content/application~1json/schema`;
    expect(schemaProblems(amend, { ...fields, acceptPriceChange: true })).toEqual([]);
    for (const [name, value] of Object.entries(fields)) {
      expect([name, schemaProblems(amend, { [name]: value })]).toEqual([name, []]);
    }
    expect(schemaProblems(amend, { deliberatelyUnknown: 1 })).not.toEqual([]);
  });

  it.each(CELLS)('%s in %s: the cell is the catalogue’s, closed to other fields', (type, nation) => {
    const cell = doc.components.schemas[cellSchemaId(type, nation)] as Json;
    const catalogue = noticeTypesCatalogue() as Json;
    const entry = catalogue.types
      .find((t: Json) => t.type === type)
      .nations.find((n: Json) => n.nation === nation);
    expect(Object.keys(cell.properties)).toEqual(Object.keys(entry.fields.properties));
    expect(cell.required).toEqual(entry.fields.required);
    expect(cell['x-nation']).toBe(nation);
    expect(cell.description).toContain(entry.law);
    const problems = schemaProblems(schema(cellSchemaId(type, nation)), {
      ...validCell(type, nation),
      deliberatelyUnknown: 'x',
    });
    expect(problems.join()).toMatch(/must NOT have additional properties/);
  });

  it('discriminates order bodies by type, each type the union of its nations', () => {
    const input = doc.components.schemas.OrderInput as Json;
    expect(input.discriminator.propertyName).toBe('type');
    expect(Object.keys(input.discriminator.mapping)).toEqual([...NOTICE_TYPES]);
    for (const type of NOTICE_TYPES) {
      expect(doc.components.schemas[typeSchemaId(type)].anyOf).toEqual(
        NATIONS.map((n) => ({ $ref: `#${schema(cellSchemaId(type, n))}` })),
      );
    }
  });
});

/** Every media type object of the document that shows an example, with the pointer of its schema. */
function examples(): Array<{ where: string; pointer: string; example: unknown }> {
  const found: Array<{ where: string; pointer: string; example: unknown }> = [];
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if ('example' in o && 'schema' in o) {
      found.push({ where: pointer, pointer: `${pointer}/schema`, example: o.example });
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'example') visit(v, `${pointer}/${escape(k)}`);
  };
  visit(doc.paths, '/paths');
  visit(doc.webhooks, '/webhooks');
  return found;
}

describe('every documented example', () => {
  const all = examples();

  it('covers the recorded responses, errors and events', () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(all.map((e) => [e.where, e] as const))('%s validates against its schema', (_where, e) => {
    expect(schemaProblems(e.pointer, e.example)).toEqual([]);
  });
});

describe('every sample event (test helpers, the console’s test send)', () => {
  const opts = { organisationId: 'org_1', publicBaseUrl: 'https://notices.example.com', now: new Date() };

  it.each(ORDER_EVENTS)('%s has the form of the real event', (event) => {
    const { envelope } = unrecordedEnvelope({
      event,
      createdAt: opts.now,
      data: sampleEventData(event, opts),
    });
    expect(envelope.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(schemaProblems(schema(webhookSchemaId(event)), envelope)).toEqual([]);
    expect(schemaProblems(schema('Event'), envelope)).toEqual([]);
    const order = envelope.data.object as Json;
    expect(order.id).toMatch(/^ord_[0-9A-Za-z]{22}$/);
    expect(order.reference).toMatch(/^SN-\d{6}$/);
    const cell = schema(cellSchemaId(order.type, 'england'));
    expect(schemaProblems(cell, order.fields)).toEqual([]);
  });
});

describe('every refusal', () => {
  const statusOf = (code: ErrorCode) => HTTP_STATUS[code];
  const codesOf = (response: Json): ErrorCode[] =>
    response.content['application/json'].schema.properties.code.enum as ErrorCode[];

  it.each(operations.map((o) => [o.name, o] as const))('%s: each error status has its codes', (_n, o) => {
    const responses = o.op.responses as Json;
    const errors = Object.keys(responses).filter((s) => Number(s) >= 400);
    expect(errors).toEqual(expect.arrayContaining(['500', '503']));
    const problems = errors.flatMap((status) => {
      const codes = codesOf(responses[status]);
      const example = responses[status].content['application/json'].example as Json | undefined;
      return [
        ...(codes.length === 0 ? [`${status}: no codes`] : []),
        ...codes
          .filter((c) => statusOf(c) !== Number(status))
          .map((c) => `${status}: ${c} is ${statusOf(c)}`),
        ...(example && !codes.includes(example.code) ? [`${status}: example ${example.code}`] : []),
      ];
    });
    expect(problems).toEqual([]);
    const all = errors.flatMap((s) => codesOf(responses[s]));
    const query = (o.op.parameters as Json[] | undefined)?.some((p) => p.in === 'query');
    const expected = [
      ...((o.op.security as unknown[]).length > 0 ? ['unauthorized', 'forbidden'] : []),
      ...(o.op.requestBody ? ['validation_error', 'payload_too_large'] : []),
      ...(query ? ['validation_error'] : []),
      ...(responses['200']?.headers?.RateLimit ? ['rate_limit_exceeded'] : []),
    ];
    expect(all).toEqual(expect.arrayContaining(expected));
  });

  it('documents every code the API answers with, each under its status', () => {
    const documented = new Set(
      operations.flatMap((o) =>
        Object.entries(o.op.responses as Json)
          .filter(([s]) => Number(s) >= 400)
          .flatMap(([, r]) => codesOf(r as Json)),
      ),
    );
    // Any path: an unknown one is 404 not_found, a known one with another method 405 (document's description).
    const anywhere: ErrorCode[] = ['not_found', 'method_not_allowed'];
    expect(ERROR_CODES.filter((c) => !documented.has(c) && !anywhere.includes(c))).toEqual([]);
    for (const code of anywhere) expect(doc.info.description).toContain(`\`${code}\``);
  });
});
