import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { ERROR_CODES, type ErrorCode } from '../../errors';
import { ORDER_EVENTS, type OrderEventName } from '../../orders/events';
import { HTTP_STATUS } from '../errors';
import { eventList } from '../events/events.routes';
import { REPORTS } from '../integrations/integrations.routes';
import { orderList } from '../orders/orders.routes';
import { cancelBody, purchaseOrderBody } from '../orders/orders.write.routes';
import { advanceBody, sendBody } from '../test-helpers/test-helpers.routes';
import { orderInputComponents, ref } from './order-input.schema';
import {
  eventListSchema,
  eventSchema,
  healthSchema,
  noticeTypesSchema,
  orderListSchema,
  orderSchema,
  pascalCase,
  quoteResponseSchema,
  reportAnswerSchema,
  sampleSendSchema,
  webhookEventSchemas,
  webhookSchemaId,
} from './schemas';
import recorded from './examples.json';

/** Real responses, recorded by openapi-examples.test.ts, with ids and dates normalised. */
type Envelope = { event?: string } | undefined;
const EXAMPLES = recorded as {
  responses: Record<string, unknown> & { getEvent?: Envelope; listEvents?: { events?: Envelope[] } };
  errors: Partial<Record<ErrorCode, unknown>>;
};
const example = (value: unknown) => (value === undefined ? {} : { example: value });

/** A response header registered as a component. */
const header = (id: string, description: string, schema = z.string()) =>
  schema.meta({ description, header: { id } });
const requestIdHeader = header(
  'X-Request-Id',
  'Id of this request in our logs (the caller’s own `X-Request-Id` when valid, else a new one).',
);
const retryAfterHeader = header('Retry-After', 'Seconds to wait before retrying.', z.string().regex(/^\d+$/));
const rateLimitHeader = header(
  'RateLimit',
  'IETF draft: remaining requests and seconds to reset, `"api-key";r=119;t=60`.',
);
const rateLimitPolicyHeader = header('RateLimit-Policy', 'IETF draft: the policy, `"api-key";q=120;w=60`.');

/** Headers of a response, the rate limit's among them when the endpoint has one. */
function responseHeaders(rateLimited: boolean, extra: Record<string, z.ZodType>) {
  return z.object({
    'X-Request-Id': requestIdHeader,
    ...(rateLimited && {
      RateLimit: rateLimitHeader.optional(),
      'RateLimit-Policy': rateLimitPolicyHeader.optional(),
    }),
    ...extra,
  });
}

const errorDetails = z.record(z.string(), z.unknown()).meta({
  description:
    'Context. `validation_error`: `{fields: [{path, message}]}` listing every failing field; `order_not_found`: `{id}`; ' +
    '`rate_limit_exceeded`: `{retryAfterSeconds, limit, windowSeconds}`; `forbidden`: `{requiredScope}`.',
});

const errorSchema = z
  .strictObject({
    error: z.string().meta({ description: 'Human-readable message.' }),
    code: z.enum(ERROR_CODES).meta({ id: 'ErrorCode' }),
    details: errorDetails.optional(),
  })
  .meta({ id: 'Error', description: 'Every error response.' });

const errorWithCodes = (codes: ErrorCode[]) => errorSchema.extend({ error: z.string(), code: z.enum(codes) });

/** Every error an operation can answer, one response per status listing its codes. */
function errorResponses(
  rateLimited: boolean,
  codes: Set<ErrorCode>,
): Record<string, ZodOpenApiResponseObject> {
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of new Set([...codes].map((c) => HTTP_STATUS[c]))) {
    const list = [...codes].filter((c) => HTTP_STATUS[c] === status).sort();
    // A request whose Idempotency-Key is still in use is told when to try again.
    const retryAfter =
      status === 429 || status === 503
        ? { 'Retry-After': retryAfterHeader }
        : list.includes('idempotency_request_in_progress') && { 'Retry-After': retryAfterHeader.optional() };
    // The recorded error body of the first code that has one.
    const errorExample = EXAMPLES.errors[list.find((c) => EXAMPLES.errors[c] !== undefined)!];
    out[String(status)] = {
      description: `Error: ${list.map((c) => `\`${c}\``).join(', ')}.`,
      headers: responseHeaders(rateLimited, retryAfter || {}),
      content: { 'application/json': { schema: errorWithCodes(list), ...example(errorExample) } },
    };
  }
  return out;
}

const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .meta({
    description:
      'Makes the POST safe to retry: the same key and body within 24 h answer the first response again ' +
      '(`Idempotent-Replayed: true`); a different body is `422 idempotency_key_reused` (for as long as the key ' +
      'names an order); a retry while the first request runs is `409 idempotency_request_in_progress` ' +
      '(`Retry-After`); a request that failed before an order existed (validation, 5xx) leaves the key unspent.',
  });

const idempotentReplayedHeader = z.literal('true').meta({
  description: 'Present when the response is a replay of an earlier request with the same Idempotency-Key.',
});

const orderId = z.object({
  id: z.string().meta({ description: 'Order id (`ord_…`).', example: 'ord_4kV9cT2pQ8mN1xR7sB3wYz' }),
});

type BodySchema = z.ZodType | oas31.SchemaObject | oas31.ReferenceObject;

interface Op {
  id: string;
  summary: string;
  description?: string;
  tag: string;
  /** Limited per client IP; API-key operations are limited per key, others not at all. */
  limitedPerIp?: true;
  security?: 'read' | 'write' | 'integration';
  query?: z.ZodObject;
  path?: z.ZodObject;
  idempotent?: boolean;
  body?: BodySchema;
  ok: {
    /** Default 200. */
    status?: number;
    description: string;
    schema?: z.ZodType;
    pdf?: boolean;
    headers?: Record<string, z.ZodType>;
  };
  codes?: ErrorCode[];
}

const SECURITY = {
  read: [{ apiKey: ['orders:read'] }],
  write: [{ apiKey: ['orders:write'] }],
  integration: [{ integrationKey: [] }],
};

/** The error codes an operation can answer: its own plus those its rate limit, security, input and idempotency bring. */
function operationCodes(o: Op, rateLimited: boolean): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(['internal_error', 'service_unavailable', ...(o.codes ?? [])]);
  if (rateLimited) codes.add('rate_limit_exceeded');
  if (o.security) codes.add('unauthorized').add('forbidden');
  if (o.body || o.query) codes.add('validation_error').add('payload_too_large');
  if (o.idempotent) codes.add('idempotency_key_reused').add('idempotency_request_in_progress');
  return codes;
}

function okResponse(o: Op, rateLimited: boolean) {
  const headers = {
    ...o.ok.headers,
    ...(o.idempotent && { 'Idempotent-Replayed': idempotentReplayedHeader.optional() }),
  };
  const content = o.ok.pdf
    ? { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } }
    : o.ok.schema && { 'application/json': { schema: o.ok.schema, ...example(EXAMPLES.responses[o.id]) } };
  return {
    description: o.ok.description,
    headers: responseHeaders(rateLimited, headers),
    ...(content && { content }),
  };
}

function operation(o: Op): ZodOpenApiOperationObject {
  const rateLimited = o.limitedPerIp ?? (o.security === 'read' || o.security === 'write');
  return {
    operationId: o.id,
    summary: o.summary,
    ...(o.description && { description: o.description }),
    tags: [o.tag],
    security: o.security ? SECURITY[o.security] : [],
    requestParams: {
      ...(o.query && { query: o.query }),
      ...(o.path && { path: o.path }),
      ...(o.idempotent && { header: z.object({ 'Idempotency-Key': idempotencyKeyHeader.optional() }) }),
    },
    ...(o.body && { requestBody: { required: true, content: { 'application/json': { schema: o.body } } } }),
    responses: {
      [String(o.ok.status ?? 200)]: okResponse(o, rateLimited),
      ...errorResponses(rateLimited, operationCodes(o, rateLimited)),
    },
  };
}

type Rest = Omit<Op, 'id' | 'summary' | 'tag'>;
/** An operation of `tag`. */
const op =
  (tag: string) =>
  (id: string, summary: string, rest: Rest): Op => ({ id, summary, tag, ...rest });
const orders = op('Orders');
const integrations = op('Integrations');

/** A read-scoped list of `tag`: one page per request. */
const list = (tag: string, summary: string, query: z.ZodObject, schema: z.ZodType): Op =>
  op(tag)(`list${tag}`, summary, { security: 'read', query, ok: { description: 'One page.', schema } });

const pdf = (what: string, id: string): Op =>
  orders(id, `Download the ${what} PDF`, {
    security: 'read',
    path: orderId,
    ok: {
      description: `The ${what} (\`Content-Disposition: attachment\`).`,
      pdf: true,
      headers: {
        'Content-Disposition': z
          .string()
          .meta({ description: 'attachment; filename="<reference>-<kind>.pdf"' }),
      },
    },
    codes: ['order_not_found'],
  });

const orderMessage = (action: string, summary: string, body: BodySchema, codes: Op['codes'] = []): Op =>
  orders(`${action}Order`, summary, {
    security: 'write',
    path: orderId,
    idempotent: true,
    body,
    ok: { description: 'The order afterwards.', schema: orderSchema },
    codes: ['order_not_found', ...codes],
  });

const report = (kind: keyof typeof REPORTS, summary: string): Op =>
  integrations(`report${pascalCase(kind)}`, summary, {
    security: 'integration',
    path: orderId,
    body: REPORTS[kind][0],
    ok: { description: 'Acknowledged.', schema: reportAnswerSchema },
    codes: ['order_not_found', 'invalid_state_transition'],
  });

const cacheControl = (value: string) => ({
  'Cache-Control': z.string().meta({ description: `\`${value}\`` }),
});

/** Test mode's helpers: write-scoped, idempotent, answering 200 with what they did. */
const testHelper = (id: string, summary: string, rest: Pick<Op, 'path' | 'body' | 'ok' | 'codes'>): Op =>
  op('Test helpers')(id, `Test mode: ${summary}`, { security: 'write', idempotent: true, ...rest });

/** The service's own documents (this one, health): no key, no rate limit, cached as `cache` says. */
const meta = (id: string, summary: string, cache: string, ok: Op['ok']): Op =>
  op('Meta')(id, summary, { ok: { ...ok, headers: cacheControl(cache) } });

/** Every operation, by `method path`. */
const OPERATIONS: Record<string, Op> = {
  'post /v1/quote': op('Quotes')('createQuote', 'Price a notice', {
    description: 'No authentication. 20 requests a minute per client IP. An estimate, or a full order body.',
    limitedPerIp: true,
    body: ref('QuoteRequest'),
    ok: { description: 'The quote.', schema: quoteResponseSchema },
    codes: ['unsupported_type', 'locus_ambiguous', 'gazette_unavailable'],
  }),
  'get /v1/notice-types': op('Notice types')('listNoticeTypes', 'Notice types and their fields per nation', {
    limitedPerIp: true,
    ok: {
      description: 'The catalogue.',
      schema: noticeTypesSchema,
      headers: cacheControl('public, max-age=3600'),
    },
  }),
  'post /v1/orders': orders('createOrder', 'Place an order', {
    security: 'write',
    idempotent: true,
    body: ref('OrderInput'),
    ok: { status: 201, description: 'Placed: the order, as GET answers it.', schema: orderSchema },
    codes: ['unsupported_type', 'locus_ambiguous', 'gazette_unavailable'],
  }),
  'get /v1/orders': list('Orders', 'List orders, newest first', orderList.querySchema, orderListSchema),
  'get /v1/orders/{id}': orders('getOrder', 'Get an order', {
    security: 'read',
    path: orderId,
    ok: { description: 'The order.', schema: orderSchema },
    codes: ['order_not_found'],
  }),
  'post /v1/orders/{id}/amend': orderMessage('amend', 'Amend an order', ref('AmendRequest'), [
    'order_not_amendable',
    'size_growth_not_allowed',
    'locus_ambiguous',
    'gazette_unavailable',
  ]),
  'post /v1/orders/{id}/cancel': orderMessage('cancel', 'Cancel an order', cancelBody, [
    'order_not_cancellable',
  ]),
  'post /v1/orders/{id}/purchase-order': orderMessage(
    'submitPurchaseOrder',
    'Give the PO reference',
    purchaseOrderBody,
    ['invalid_state_transition'],
  ),
  'get /v1/orders/{id}/proof': pdf('proof', 'getOrderProof'),
  'get /v1/orders/{id}/certificate': pdf("newspaper's certificate of publication", 'getOrderCertificate'),
  'get /v1/orders/{id}/documents/{documentId}': {
    ...pdf('issued document (certificate, VAT invoice or VAT credit note)', 'getOrderDocument'),
    path: orderId.extend({
      documentId: z.string().meta({ description: "Document id (`doc_…`), from the order's `documents`." }),
    }),
  },
  'get /v1/orders/{id}/invoice': {
    ...pdf('invoice', 'getOrderInvoice'),
    description:
      "The order's latest full UK VAT invoice (also in `documents`, kind `vat_invoice`). An on-account order's (`invoice_with_terms`, `invoice_bank_transfer`) is issued at placement and its URL is valid from the order's 201: a request that arrives before the PDF is stored waits for it (up to 3 seconds), then answers 503 `service_unavailable` with `Retry-After`. Other orders are invoiced when paid, or at publication. 404 `order_not_found` before the order has a VAT invoice.",
  },
  'get /v1/events': list(
    'Events',
    'List events, newest first (recover missed webhooks)',
    eventList.querySchema,
    eventListSchema,
  ),
  'get /v1/events/{id}': op('Events')('getEvent', 'Get an event', {
    security: 'read',
    path: z.object({ id: z.string().meta({ description: 'Event id (`evt_…`).' }) }),
    ok: { description: 'The event.', schema: eventSchema },
    codes: ['event_not_found'],
  }),
  'post /v1/test_helpers/orders/{id}/advance': testHelper('advanceTestOrder', 'move a test order on', {
    path: orderId,
    body: advanceBody,
    ok: { description: 'The order afterwards.', schema: orderSchema },
    codes: ['order_not_found', 'invalid_state_transition'],
  }),
  'post /v1/test_helpers/webhooks/send': testHelper(
    'sendTestWebhook',
    'send a sample event to the test endpoints',
    {
      body: sendBody,
      ok: { description: 'The event sent and each delivery.', schema: sampleSendSchema },
      codes: ['order_not_found', 'not_found'],
    },
  ),
  'get /v1/openapi.json': meta('getOpenApi', 'This document', 'public, max-age=3600', {
    description: 'The OpenAPI 3.1 document.',
    schema: z.record(z.string(), z.unknown()),
  }),
  'get /health': meta('getHealth', 'Readiness of the API and its dependencies', 'no-store', {
    description: 'Every dependency answers.',
    schema: healthSchema,
  }),
  'post /integrations/v1/orders/{id}/booking': report('booking', 'Newspaper: booking confirmed'),
  'post /integrations/v1/orders/{id}/publication': report('publication', 'Newspaper: published'),
  'post /integrations/v1/orders/{id}/urn': report('urn', 'Gazette: URN received'),
  'post /stripe/webhook': integrations(
    'receiveStripeEvent',
    'Stripe: payment events (verified by `Stripe-Signature`)',
    {
      description: 'Called by Stripe only; unknown or foreign-mode events are acknowledged and ignored.',
      body: z.record(z.string(), z.unknown()).meta({ description: 'A Stripe event.' }),
      ok: { description: 'Acknowledged.', schema: z.strictObject({ received: z.literal(true) }) },
    },
  ),
};

function paths(): ZodOpenApiPathsObject {
  const out: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const [route, op] of Object.entries(OPERATIONS)) {
    const [method, path] = route.split(' ') as [string, string];
    (out[path] ??= {})[method] = operation(op);
  }
  // The health 503 also carries `Cache-Control`.
  const health = out['/health']!.get!.responses!['503'] as unknown as { headers: z.ZodObject };
  health.headers = health.headers.extend({ 'Cache-Control': z.string().optional() });
  return out;
}

const signatureHeader = z.string().meta({
  description:
    '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several `v1` during a secret rotation).',
});

/** Recorded event envelopes, the examples of their webhooks. */
const recordedEvents = [EXAMPLES.responses.getEvent, ...(EXAMPLES.responses.listEvents?.events ?? [])];

/** An event's webhook; its body is the component registered in output form: our bodies, exactly as sent. */
const webhook = (name: OrderEventName) => ({
  post: {
    operationId: `webhook${pascalCase(name)}`,
    summary: `\`${name}\` webhook`,
    tags: ['Webhooks'],
    security: [],
    requestParams: {
      header: z.object({ 'X-Service-Signature': signatureHeader, 'X-Service-Event': z.literal(name) }),
    },
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref(webhookSchemaId(name)),
          ...example(recordedEvents.find((e) => e?.event === name)),
        },
      },
    },
    responses: { '200': { description: 'Any 2xx within 3 seconds, after persisting the event.' } },
  },
});

const TAGS = {
  Quotes: 'Prices without an account (limited per client IP).',
  'Notice types': 'The notice types and their fields per nation, as JSON Schema.',
  Orders: 'Place, list, read, amend and cancel orders; their PDFs.',
  Events: 'Every order event as its webhook envelope: the recovery path after missed deliveries.',
  'Test helpers': 'Test mode (`svc_test_` keys) only: drive test orders, send sample webhooks.',
  Integrations: 'For newspapers and the Gazette (integration keys).',
  Meta: 'This document and the health probe.',
  Webhooks: 'Signed POSTs to your registered endpoints (`X-Service-Signature`).',
};

/** zod writes ±2^53−1 on every integer: noise for readers and generators, so it is dropped. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

const bearer = (bearerFormat: string, description: string) =>
  ({ type: 'http', scheme: 'bearer', bearerFormat, description }) as const;

let memo: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document, generated from the zod schemas the service validates and answers with. */
export const openApiDocument = () =>
  (memo ??= createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Statutory Notice Placement API',
        // Bump the minor for additions; a breaking change is v2 (docs/api.md).
        version: '1.0.0',
        description:
          'Places UK statutory notices in local newspapers and the Gazette. Amounts are integer pence (GBP). ' +
          'Errors are `{error, code, details}`; on any path, an unknown path is 404 `not_found` and a known path ' +
          'with another method 405 `method_not_allowed` (with `Allow`). Recommended retries: 429, wait ' +
          '`Retry-After` + 0–1 s; 5xx, 1, 2, 4, 8, 16 s.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/api', description: 'This service' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      security: [{ apiKey: [] }],
      paths: paths(),
      webhooks: Object.fromEntries(ORDER_EVENTS.map((name) => [name, webhook(name)])),
      components: {
        schemas: {
          Error: errorSchema,
          ...orderInputComponents(),
          ...webhookEventSchemas,
        },
        securitySchemes: {
          apiKey: bearer(
            'svc_live_… or svc_test_…',
            'An API key: `Authorization: Bearer <API key>`. Scopes `orders:read`, `orders:write`.',
          ),
          integrationKey: bearer('svc_int_…', "A newspaper's or Gazette edition's integration key."),
        },
      },
    },
    { override: withoutSafeIntegerBounds },
  ));

let text: string | undefined;

/** The document as served and committed: 2-space JSON with a final newline (Prettier's form). */
export const openApiDocumentText = () => (text ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`);
