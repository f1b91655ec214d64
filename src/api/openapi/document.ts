import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { ORDER_EVENTS } from '../../orders/events';
import { eventList } from '../events/list-query';
import { bookingBody, publicationBody, urnBody } from '../integrations/integrations.routes';
import { orderList } from '../orders/list-query';
import { cancelBody, purchaseOrderBody } from '../orders/orders.write.routes';
import { advanceBody, sendBody } from '../test-helpers/test-helpers.routes';
import {
  errorResponses,
  errorSchema,
  idempotencyKeyHeader,
  idempotentReplayedHeader,
  responseHeaders,
  type ErrorsOf,
  type Limits,
} from './common.schema';
import { eventExample, responseExample } from './examples';
import { eventListSchema, eventSchema, webhookEventSchemas, webhookSchemaId } from './events.schema';
import {
  healthSchema,
  noticeTypesSchema,
  quoteResponseSchema,
  reportAnswerSchema,
  sampleSendSchema,
} from './misc.schema';
import { pascalCase } from './names';
import { amendRequestRef, orderInputComponents, orderInputRef, quoteRequestRef } from './order-input.schema';
import { orderListSchema, orderSchema } from './order.schema';

/** The spec's version (v1.0.0). Bump the minor for additions; a breaking change is v2 (docs/api.md). */
const API_VERSION = '1.0.0';

const json = (schema: BodySchema) => ({ 'application/json': { schema } });
const orderId = z.object({
  id: z.string().meta({ description: 'Order id (`ord_…`).', example: 'ord_4kV9cT2pQ8mN1xR7sB3wYz' }),
});

type BodySchema = z.ZodType | oas31.SchemaObject | oas31.ReferenceObject;

interface Op {
  id: string;
  summary: string;
  description?: string;
  tag: string;
  /** Default: an API key's limits for API-key operations, none otherwise. */
  limits?: Limits;
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
  codes?: ErrorsOf['codes'];
}

const SECURITY = {
  read: [{ apiKey: ['orders:read'] }],
  write: [{ apiKey: ['orders:write'] }],
  integration: [{ integrationKey: [] }],
};

const limitsOf = (o: Op): Limits =>
  o.limits ?? (o.security === 'read' || o.security === 'write' ? 'api-key' : 'none');

function operation(o: Op): ZodOpenApiOperationObject {
  const limits = limitsOf(o);
  const okHeaders = {
    ...o.ok.headers,
    ...(o.idempotent && { 'Idempotent-Replayed': idempotentReplayedHeader.optional() }),
  };
  const okContent = o.ok.pdf
    ? { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } }
    : o.ok.schema && { 'application/json': { schema: o.ok.schema, ...responseExample(o.id) } };
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
    ...(o.body && { requestBody: { required: true, content: json(o.body) } }),
    responses: {
      [String(o.ok.status ?? 200)]: {
        description: o.ok.description,
        headers: responseHeaders(limits, okHeaders),
        ...(okContent && { content: okContent }),
      },
      ...errorResponses({
        limits,
        auth: o.security !== undefined,
        body: o.body !== undefined || o.query !== undefined,
        codes: [
          ...(o.codes ?? []),
          ...(o.idempotent ? (['idempotency_key_reused', 'idempotency_request_in_progress'] as const) : []),
        ],
      }),
    },
  };
}

/** An operation of `tag`. */
const op =
  (tag: string) =>
  (id: string, summary: string, rest: Omit<Op, 'id' | 'summary' | 'tag'>): Op => ({
    id,
    summary,
    tag,
    ...rest,
  });
const orders = op('Orders');
const integrations = op('Integrations');

/** A read-scoped list of `tag`: one page per request. */
const list = (tag: string, id: string, summary: string, query: z.ZodObject, schema: z.ZodType): Op =>
  op(tag)(id, summary, { security: 'read', query, ok: { description: 'One page.', schema } });

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

const report = (kind: string, body: z.ZodType, summary: string): Op =>
  integrations(`report${pascalCase(kind)}`, summary, {
    security: 'integration',
    path: orderId,
    body,
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

const OPERATIONS: Record<string, Record<string, Op>> = {
  '/v1/quote': {
    post: op('Quotes')('createQuote', 'Price a notice', {
      description:
        'No authentication. 20 requests a minute per client IP. An estimate, or a full order body.',
      limits: 'ip',
      body: quoteRequestRef,
      ok: { description: 'The quote.', schema: quoteResponseSchema },
      codes: ['unsupported_type', 'locus_ambiguous', 'gazette_unavailable'],
    }),
  },
  '/v1/notice-types': {
    get: op('Notice types')('listNoticeTypes', 'Notice types and their fields per nation', {
      limits: 'ip',
      ok: {
        description: 'The catalogue.',
        schema: noticeTypesSchema,
        headers: cacheControl('public, max-age=3600'),
      },
    }),
  },
  '/v1/orders': {
    post: orders('createOrder', 'Place an order', {
      security: 'write',
      idempotent: true,
      body: orderInputRef,
      ok: { status: 201, description: 'Placed: the order, as GET answers it.', schema: orderSchema },
      codes: ['unsupported_type', 'locus_ambiguous', 'gazette_unavailable'],
    }),
    get: list('Orders', 'listOrders', 'List orders, newest first', orderList.querySchema, orderListSchema),
  },
  '/v1/orders/{id}': {
    get: orders('getOrder', 'Get an order', {
      security: 'read',
      path: orderId,
      ok: { description: 'The order.', schema: orderSchema },
      codes: ['order_not_found'],
    }),
  },
  '/v1/orders/{id}/amend': {
    post: orderMessage('amend', 'Amend an order', amendRequestRef, [
      'order_not_amendable',
      'size_growth_not_allowed',
      'locus_ambiguous',
      'gazette_unavailable',
    ]),
  },
  '/v1/orders/{id}/cancel': {
    post: orderMessage('cancel', 'Cancel an order', cancelBody.meta({ id: 'CancelRequest' }), [
      'order_not_cancellable',
    ]),
  },
  '/v1/orders/{id}/purchase-order': {
    post: orderMessage(
      'submitPurchaseOrder',
      'Give the PO reference',
      purchaseOrderBody.meta({ id: 'PurchaseOrderRequest' }),
      ['invalid_state_transition'],
    ),
  },
  '/v1/orders/{id}/proof': { get: pdf('proof', 'getOrderProof') },
  '/v1/orders/{id}/certificate': {
    get: pdf("newspaper's certificate of publication", 'getOrderCertificate'),
  },
  '/v1/orders/{id}/documents/{documentId}': {
    get: {
      ...pdf('issued document (certificate, VAT invoice or VAT credit note)', 'getOrderDocument'),
      path: orderId.extend({
        documentId: z.string().meta({ description: "Document id (`doc_…`), from the order's `documents`." }),
      }),
    },
  },
  '/v1/orders/{id}/invoice': {
    get: {
      ...pdf('invoice', 'getOrderInvoice'),
      description:
        "The order's latest full UK VAT invoice (also in `documents`, kind `vat_invoice`). An on-account order's (`invoice_with_terms`, `invoice_bank_transfer`) is issued at placement and its URL is valid from the order's 201: a request that arrives before the PDF is stored waits for it (up to 3 seconds), then answers 503 `service_unavailable` with `Retry-After`. Other orders are invoiced when paid, or at publication. 404 `order_not_found` before the order has a VAT invoice.",
    },
  },
  '/v1/events': {
    get: list(
      'Events',
      'listEvents',
      'List events, newest first (recover missed webhooks)',
      eventList.querySchema,
      eventListSchema,
    ),
  },
  '/v1/events/{id}': {
    get: op('Events')('getEvent', 'Get an event', {
      security: 'read',
      path: z.object({ id: z.string().meta({ description: 'Event id (`evt_…`).' }) }),
      ok: { description: 'The event.', schema: eventSchema },
      codes: ['event_not_found'],
    }),
  },
  '/v1/test_helpers/orders/{id}/advance': {
    post: testHelper('advanceTestOrder', 'move a test order on', {
      path: orderId,
      body: advanceBody.meta({ id: 'AdvanceRequest' }),
      ok: { description: 'The order afterwards.', schema: orderSchema },
      codes: ['order_not_found', 'invalid_state_transition'],
    }),
  },
  '/v1/test_helpers/webhooks/send': {
    post: testHelper('sendTestWebhook', 'send a sample event to the test endpoints', {
      body: sendBody.meta({ id: 'SendSampleRequest' }),
      ok: { description: 'The event sent and each delivery.', schema: sampleSendSchema },
      codes: ['order_not_found', 'not_found'],
    }),
  },
  '/v1/openapi.json': {
    get: meta('getOpenApi', 'This document', 'public, max-age=3600', {
      description: 'The OpenAPI 3.1 document.',
      schema: z.record(z.string(), z.unknown()),
    }),
  },
  '/health': {
    get: meta('getHealth', 'Readiness of the API and its dependencies', 'no-store', {
      description: 'Every dependency answers.',
      schema: healthSchema,
    }),
  },
  '/integrations/v1/orders/{id}/booking': {
    post: report('booking', bookingBody, 'Newspaper: booking confirmed'),
  },
  '/integrations/v1/orders/{id}/publication': {
    post: report('publication', publicationBody, 'Newspaper: published'),
  },
  '/integrations/v1/orders/{id}/urn': { post: report('urn', urnBody, 'Gazette: URN received') },
  '/stripe/webhook': {
    post: integrations('receiveStripeEvent', 'Stripe: payment events (verified by `Stripe-Signature`)', {
      description: 'Called by Stripe only; unknown or foreign-mode events are acknowledged and ignored.',
      body: z.record(z.string(), z.unknown()).meta({ description: 'A Stripe event.' }),
      ok: { description: 'Acknowledged.', schema: z.strictObject({ received: z.literal(true) }) },
    }),
  },
};

function paths(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    out[path] = Object.fromEntries(Object.entries(methods).map(([m, op]) => [m, operation(op)]));
  }
  // The health 503 also carries `Cache-Control`.
  const health = out['/health']!.get!.responses!['503'] as unknown as { headers: z.ZodObject };
  health.headers = health.headers.extend({ 'Cache-Control': z.string().optional() });
  return out;
}

function webhooks() {
  return Object.fromEntries(
    ORDER_EVENTS.map((name) => [
      name,
      {
        post: {
          operationId: `webhook${pascalCase(name)}`,
          summary: `\`${name}\` webhook`,
          tags: ['Webhooks'],
          security: [],
          requestParams: {
            header: z.object({
              'X-Service-Signature': z.string().meta({
                description:
                  '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several `v1` during a secret rotation).',
              }),
              'X-Service-Event': z.literal(name),
            }),
          },
          requestBody: {
            required: true,
            // A reference to the component registered below in output form: our bodies, exactly as sent.
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${webhookSchemaId(name)}` },
                ...eventExample(name),
              },
            },
          },
          responses: { '200': { description: 'Any 2xx within 3 seconds, after persisting the event.' } },
        },
      },
    ]),
  );
}

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

let memo: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document, generated from the zod schemas the service validates and answers with. */
export function openApiDocument(): ReturnType<typeof createDocument> {
  memo ??= createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Statutory Notice Placement API',
        version: API_VERSION,
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
      webhooks: webhooks(),
      components: {
        schemas: {
          Error: errorSchema,
          ...orderInputComponents(),
          ...Object.fromEntries(
            ORDER_EVENTS.map((name) => [webhookSchemaId(name), webhookEventSchemas[name]]),
          ),
        },
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'svc_live_… or svc_test_…',
            description:
              'An API key: `Authorization: Bearer <API key>`. Scopes `orders:read`, `orders:write`.',
          },
          integrationKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'svc_int_…',
            description: "A newspaper's or Gazette edition's integration key.",
          },
        },
      },
    },
    { override: withoutSafeIntegerBounds },
  );
  return memo;
}

let text: string | undefined;

/** The document as served and committed: 2-space JSON with a final newline (Prettier's form). */
export function openApiDocumentText(): string {
  text ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  return text;
}
