import { z } from 'zod';
import 'zod-openapi';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { ERROR_CODES, type ErrorCode } from '../../errors';
import { HTTP_STATUS } from '../errors';
import { errorExample } from './examples';

export const errorCodeSchema = z.enum(ERROR_CODES).meta({ id: 'ErrorCode' });

/** Headers every response carries. */
export const requestIdHeader = z.string().meta({
  description: 'Id of this request in our logs (the caller’s own `X-Request-Id` when valid, else a new one).',
  header: { id: 'X-Request-Id' },
});
const retryAfterHeader = z
  .string()
  .regex(/^\d+$/)
  .meta({ description: 'Seconds to wait before retrying.', header: { id: 'Retry-After' } });
const rateLimitHeader = z.string().meta({
  description: 'IETF draft: remaining requests and seconds to reset, `"api-key";r=119;t=60`.',
  header: { id: 'RateLimit' },
});
const rateLimitPolicyHeader = z.string().meta({
  description: 'IETF draft: the policy, `"api-key";q=120;w=60`.',
  header: { id: 'RateLimit-Policy' },
});

export type Limits = 'api-key' | 'ip' | 'none';

/** Headers of a response of an endpoint under `limits`. */
export function responseHeaders(limits: Limits, extra: Record<string, z.ZodType> = {}, retry = false) {
  return z.object({
    'X-Request-Id': requestIdHeader,
    ...(limits !== 'none' && {
      RateLimit: rateLimitHeader.optional(),
      'RateLimit-Policy': rateLimitPolicyHeader.optional(),
    }),
    ...(retry && { 'Retry-After': retryAfterHeader }),
    ...extra,
  });
}

const errorDetails = z.record(z.string(), z.unknown()).meta({
  description:
    'Context. `validation_error`: `{fields: [{path, message}]}` listing every failing field; `order_not_found`: `{id}`; ' +
    '`rate_limit_exceeded`: `{retryAfterSeconds, limit, windowSeconds}`; `forbidden`: `{requiredScope}`.',
});

export const errorSchema = z
  .strictObject({
    error: z.string().meta({ description: 'Human-readable message.' }),
    code: errorCodeSchema,
    details: errorDetails.optional(),
  })
  .meta({ id: 'Error', description: 'Every error response.' });

const errorWithCodes = (codes: ErrorCode[]) =>
  z.strictObject({
    error: z.string(),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    details: errorDetails.optional(),
  });

export interface ErrorsOf {
  limits: Limits;
  /** Bearer API key or integration key: 401, 403. */
  auth?: boolean;
  /** Takes a JSON body: 400 (malformed JSON), 413. */
  body?: boolean;
  codes?: ErrorCode[];
}

/** Every error an operation can answer, one response per status listing its codes. */
export function errorResponses(o: ErrorsOf): Record<string, ZodOpenApiResponseObject> {
  const codes = new Set<ErrorCode>(['internal_error', 'service_unavailable', ...(o.codes ?? [])]);
  if (o.limits !== 'none') codes.add('rate_limit_exceeded');
  if (o.auth) ['unauthorized', 'forbidden'].forEach((c) => codes.add(c as ErrorCode));
  if (o.body) ['validation_error', 'payload_too_large'].forEach((c) => codes.add(c as ErrorCode));
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(HTTP_STATUS[code], [...(byStatus.get(HTTP_STATUS[code]) ?? []), code]);
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    list.sort();
    out[String(status)] = {
      description: `Error: ${list.map((c) => `\`${c}\``).join(', ')}.`,
      headers: responseHeaders(
        o.limits,
        // A request whose Idempotency-Key is still in use is told when to try again.
        list.includes('idempotency_request_in_progress')
          ? { 'Retry-After': retryAfterHeader.optional() }
          : {},
        status === 429 || status === 503,
      ),
      content: { 'application/json': { schema: errorWithCodes(list), ...errorExample(list) } },
    };
  }
  return out;
}

export const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .meta({
    description:
      'Makes the POST safe to retry: the same key and body within 24 h answer the first response again ' +
      '(`Idempotent-Replayed: true`); a different body is `422 idempotency_key_reused` (for as long as the key ' +
      'names an order); a retry while the first request runs is `409 idempotency_request_in_progress` ' +
      '(`Retry-After`); a request that failed before an order existed (validation, 5xx) leaves the key unspent.',
    param: { id: 'IdempotencyKey' },
  });

export const idempotentReplayedHeader = z.literal('true').meta({
  description: 'Present when the response is a replay of an earlier request with the same Idempotency-Key.',
});
