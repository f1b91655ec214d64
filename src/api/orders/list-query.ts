import { z } from 'zod';
import { AppError, jsonPath, validationError } from '../../errors';
import { ORDER_STATUSES } from '../../orders/status';
import { readCursor, signCursor, type CursorKeys } from '../cursor';

const NOTICE_TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const isoDateTime = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Query parameters of GET /v1/orders. Unknown parameters are refused, never silently ignored. */
export const listQuerySchema = z
  .object({
    cursor: z.string().min(1).max(1000).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'Must be an integer.')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
      .optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    type: z.enum(NOTICE_TYPES).optional(),
    createdAfter: isoDateTime.optional(),
    createdBefore: isoDateTime.optional(),
  })
  .strict();

export interface ListFilters {
  status?: string;
  type?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface ListRequest {
  limit: number;
  filters: ListFilters;
  after?: { createdAt: Date; id: string };
}

const cursorFilters = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(NOTICE_TYPES).optional(),
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  createdBefore: z.iso.datetime({ offset: true }).optional(),
});

/** A decoded cursor, held to the same rules as the query parameters it stands for. */
const cursorPayload = z.strictObject({
  v: z.literal(1),
  at: z.iso.datetime({ offset: true }),
  id: z.string().regex(/^ord_[0-9A-Za-z]{22}$/),
  limit: z.int().min(1).max(MAX_PAGE_SIZE),
  f: cursorFilters,
});
type CursorPayload = z.infer<typeof cursorPayload>;

function filtersToJson(f: ListFilters): CursorPayload['f'] {
  return {
    status: f.status as CursorPayload['f']['status'],
    type: f.type as CursorPayload['f']['type'],
    createdAfter: f.createdAfter?.toISOString(),
    createdBefore: f.createdBefore?.toISOString(),
  };
}

/** A cursor of GET /v1/orders: the last order's keyset position and the request's filters (see ../cursor.ts). */
export function encodeCursor(
  last: { createdAt: Date; id: string },
  req: ListRequest,
  keys: CursorKeys,
): string {
  const payload: CursorPayload = {
    v: 1,
    at: last.createdAt.toISOString(),
    id: last.id,
    limit: req.limit,
    f: filtersToJson(req.filters),
  };
  return signCursor(payload, keys);
}

const decodeCursor = (cursor: string, keys: CursorKeys): CursorPayload =>
  readCursor(cursor, keys, cursorPayload);

export type { CursorKeys };

export function parseListQuery(
  query: Record<string, string | string[] | undefined>,
  keys: CursorKeys,
): ListRequest {
  const repeated = Object.entries(query).filter(([, v]) => Array.isArray(v));
  if (repeated.length > 0) {
    throw validationError(repeated.map(([k]) => ({ path: `$.${k}`, message: 'Give this parameter once.' })));
  }
  const parsed = listQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })));
  }
  const q = parsed.data;
  const filters: ListFilters = {
    status: q.status,
    type: q.type,
    createdAfter: q.createdAfter,
    createdBefore: q.createdBefore,
  };
  if (!q.cursor) return { limit: q.limit ?? DEFAULT_PAGE_SIZE, filters };

  const cursor = decodeCursor(q.cursor, keys);
  // The cursor carries its filters; parameters sent beside it must agree with them, never silently differ.
  const given = filtersToJson(filters);
  const conflicts = (Object.keys(given) as (keyof typeof given)[]).filter(
    (k) => given[k] !== undefined && given[k] !== cursor.f[k],
  );
  if (conflicts.length > 0) {
    throw new AppError('validation_error', 'Filters differ from the ones the cursor was issued for.', {
      fields: conflicts.map((k) => ({
        path: `$.${k}`,
        message: 'Differs from the cursor; omit it or start a new list.',
      })),
    });
  }
  return {
    limit: q.limit ?? cursor.limit,
    filters: {
      status: cursor.f.status,
      type: cursor.f.type,
      createdAfter: cursor.f.createdAfter ? new Date(cursor.f.createdAfter) : undefined,
      createdBefore: cursor.f.createdBefore ? new Date(cursor.f.createdBefore) : undefined,
    },
    after: { createdAt: new Date(cursor.at), id: cursor.id },
  };
}
