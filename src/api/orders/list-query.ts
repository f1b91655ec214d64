import { z } from 'zod';
import { AppError, jsonPath, validationError } from '../../errors';
import { ORDER_STATUSES } from '../../orders/status';

const NOTICE_TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const isoDateTime = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Query parameters of GET /v1/orders. Unknown parameters are refused, never silently ignored. */
const listQuerySchema = z
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

interface CursorPayload {
  v: 1;
  at: string;
  id: string;
  limit: number;
  f: { status?: string; type?: string; createdAfter?: string; createdBefore?: string };
}

function filtersToJson(f: ListFilters): CursorPayload['f'] {
  return {
    status: f.status,
    type: f.type,
    createdAfter: f.createdAfter?.toISOString(),
    createdBefore: f.createdBefore?.toISOString(),
  };
}

/**
 * The cursor is opaque to callers: base64url JSON of the last row's keyset position plus the filters and
 * page size it was issued for, so the next page always applies the same filters.
 */
export function encodeCursor(last: { createdAt: Date; id: string }, req: ListRequest): string {
  const payload: CursorPayload = {
    v: 1,
    at: last.createdAt.toISOString(),
    id: last.id,
    limit: req.limit,
    f: filtersToJson(req.filters),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function decodeCursor(cursor: string): CursorPayload {
  try {
    const payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorPayload;
    if (payload.v !== 1 || typeof payload.id !== 'string' || Number.isNaN(Date.parse(payload.at)))
      throw new Error();
    return payload;
  } catch {
    throw validationError([{ path: '$.cursor', message: 'Not a cursor issued by this API.' }]);
  }
}

export function parseListQuery(query: Record<string, string | string[] | undefined>): ListRequest {
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

  const cursor = decodeCursor(q.cursor);
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
