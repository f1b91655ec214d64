import { z } from 'zod';
import { AppError, jsonPath, validationError } from '../../errors';
import { ORDER_EVENTS } from '../../orders/events';
import { readCursor, signCursor, type CursorKeys } from '../cursor';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../orders/list-query';

const ORDER_ID = /^ord_[0-9A-Za-z]{22}$/;
const EVENT_ID = /^evt_[0-9A-Za-z]{1,64}$/;
const isoDateTime = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Query parameters of GET /v1/events. Unknown parameters are refused, never silently ignored. */
export const eventListQuerySchema = z
  .object({
    cursor: z.string().min(1).max(1000).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'Must be an integer.')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
      .optional(),
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z.string().regex(ORDER_ID, 'Must be an order id (ord_…).').optional(),
    createdAfter: isoDateTime.optional(),
    createdBefore: isoDateTime.optional(),
  })
  .strict();

export interface EventFilters {
  type?: string;
  orderId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface EventListRequest {
  limit: number;
  filters: EventFilters;
  after?: { createdAt: Date; id: string };
}

const cursorPayload = z.strictObject({
  v: z.literal(1),
  at: z.iso.datetime({ offset: true }),
  id: z.string().regex(EVENT_ID),
  limit: z.int().min(1).max(MAX_PAGE_SIZE),
  f: z.strictObject({
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z.string().regex(ORDER_ID).optional(),
    createdAfter: z.iso.datetime({ offset: true }).optional(),
    createdBefore: z.iso.datetime({ offset: true }).optional(),
  }),
});
type CursorPayload = z.infer<typeof cursorPayload>;

function filtersToJson(f: EventFilters): CursorPayload['f'] {
  return {
    type: f.type as CursorPayload['f']['type'],
    orderId: f.orderId,
    createdAfter: f.createdAfter?.toISOString(),
    createdBefore: f.createdBefore?.toISOString(),
  };
}

/** The next page's cursor: the last event's keyset position plus this request's filters and page size. */
export function encodeEventCursor(
  last: { createdAt: string; id: string },
  req: EventListRequest,
  keys: CursorKeys,
): string {
  const payload: CursorPayload = {
    v: 1,
    at: last.createdAt,
    id: last.id,
    limit: req.limit,
    f: filtersToJson(req.filters),
  };
  return signCursor(payload, keys);
}

function conflictsWithCursor(given: CursorPayload['f'], cursor: CursorPayload): AppError | null {
  const conflicts = (Object.keys(given) as (keyof typeof given)[]).filter(
    (k) => given[k] !== undefined && given[k] !== cursor.f[k],
  );
  if (conflicts.length === 0) return null;
  return new AppError('validation_error', 'Filters differ from the ones the cursor was issued for.', {
    fields: conflicts.map((k) => ({
      path: `$.${k}`,
      message: 'Differs from the cursor; omit it or start a new list.',
    })),
  });
}

/** Parses GET /v1/events's query exactly as GET /v1/orders's is parsed (same limits, same cursor rules). */
export function parseEventListQuery(
  query: Record<string, string | string[] | undefined>,
  keys: CursorKeys,
): EventListRequest {
  const repeated = Object.entries(query).filter(([, v]) => Array.isArray(v));
  if (repeated.length > 0) {
    throw validationError(repeated.map(([k]) => ({ path: `$.${k}`, message: 'Give this parameter once.' })));
  }
  const parsed = eventListQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })));
  }
  const { cursor: given, limit, ...rest } = parsed.data;
  const filters: EventFilters = rest;
  if (!given) return { limit: limit ?? DEFAULT_PAGE_SIZE, filters };

  const cursor = readCursor(given, keys, cursorPayload);
  const conflict = conflictsWithCursor(filtersToJson(filters), cursor);
  if (conflict) throw conflict;
  const f = cursor.f;
  return {
    limit: limit ?? cursor.limit,
    filters: {
      type: f.type,
      orderId: f.orderId,
      createdAfter: f.createdAfter ? new Date(f.createdAfter) : undefined,
      createdBefore: f.createdBefore ? new Date(f.createdBefore) : undefined,
    },
    after: { createdAt: new Date(cursor.at), id: cursor.id },
  };
}
