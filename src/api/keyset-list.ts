import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { validationError } from '../errors';
import { sameBytes } from '../ids';
import type { AppContext } from './context';
import { parseBody } from './errors';

/** HMAC keys of cursors: the first signs, any verifies (config.api.cursorKeys). */
export type CursorKeys = readonly Buffer[];

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/** Exact match on an order's `clientRef`, at most 100 characters once cleaned: a longer value is refused. */
export const clientRefFilter = z
  .string()
  .min(1)
  .max(100)
  .meta({ description: "Exact match of the order's `clientRef`, as the order shows it." })
  .optional();

const isoDateTime = z.iso.datetime({ offset: true });
const instant = isoDateTime.transform((v) => new Date(v)).optional();

/** One page's request: its size, its filters, and the keyset position it starts after. */
interface KeysetRequest<F> {
  limit: number;
  filters: F;
  after?: { createdAt: Date; id: string };
}

type Filters<S extends z.ZodRawShape> = z.infer<z.ZodObject<S>> & {
  createdAfter?: Date;
  createdBefore?: Date;
};
type Json = Record<string, string | undefined>;
/** A listed item's keyset position. */
type Position = { createdAt: Date | string; id: string };

/** Filters as query parameters and cursors spell them (instants in ISO 8601, UTC). */
const toJson = (f: object): Json =>
  Object.fromEntries(
    Object.entries(f).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : (v as string | undefined)]),
  );

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();
const notACursor = () => validationError([{ path: '$.cursor', message: 'Not a cursor issued by this API.' }]);

/** `body.mac`: base64url JSON, then its HMAC-SHA256 under the first key, so a cursor cannot be forged or edited. */
function signCursor(payload: unknown, keys: CursorKeys): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(keys[0]!, body).toString('base64url')}`;
}

/** A cursor's JSON payload, once any key of the rotation verifies its HMAC. */
function readCursor(cursor: string, keys: CursorKeys): unknown {
  const [body, given, ...rest] = cursor.split('.');
  if (!body || !given || rest.length > 0) throw notACursor();
  const sent = Buffer.from(given, 'base64url');
  if (!keys.some((key) => sameBytes(sent, mac(key, body)))) throw notACursor();
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
}

/**
 * A newest-first, cursor-paginated list (GET /v1/orders, GET /v1/events): the query parameters (unknown or
 * repeated ones refused), and signed opaque cursors that carry the last row's keyset position and the list's
 * filters and page size, so parameters sent beside a cursor must agree with it and can never silently change
 * the list mid-way. `filters` are the list's own, beside the creation-time range all share.
 */
export function keysetList<S extends z.ZodRawShape>(spec: { filters: S; idPattern: RegExp }) {
  const filters = { ...spec.filters, createdAfter: instant, createdBefore: instant };
  const querySchema = z.strictObject({
    cursor: z.string().min(1).max(1000).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'Must be an integer.')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
      .optional(),
    ...filters,
  });

  /** A decoded cursor, held to the same rules as the query parameters it stands for. */
  const cursorPayload = z.strictObject({
    v: z.literal(1),
    at: isoDateTime,
    id: z.string().regex(spec.idPattern),
    limit: z.int().min(1).max(MAX_PAGE_SIZE),
    f: z.strictObject(filters),
  });

  /** The next page's cursor: the last item's keyset position plus this request's filters and page size. */
  function encode(last: Position, req: KeysetRequest<Filters<S>>, keys: CursorKeys): string {
    const at = last.createdAt instanceof Date ? last.createdAt.toISOString() : last.createdAt;
    return signCursor({ v: 1, at, id: last.id, limit: req.limit, f: toJson(req.filters) }, keys);
  }

  return {
    querySchema,
    encode,

    parse(query: Record<string, string | string[] | undefined>, keys: CursorKeys): KeysetRequest<Filters<S>> {
      const repeated = Object.keys(query).filter((k) => Array.isArray(query[k]));
      if (repeated.length > 0) {
        throw validationError(
          repeated.map((k) => ({ path: `$.${k}`, message: 'Give this parameter once.' })),
        );
      }
      const { cursor, limit, ...rest } = parseBody(querySchema, query) as { cursor?: string; limit?: number };
      const filters = rest as Filters<S>;
      if (!cursor) return { limit: limit ?? DEFAULT_PAGE_SIZE, filters };

      const parsed = cursorPayload.safeParse(readCursor(cursor, keys));
      if (!parsed.success) throw notACursor();
      const { at, id, f } = parsed.data;
      const sent: Json = { ...toJson(filters), limit: limit?.toString() };
      const issued: Json = { ...toJson(f), limit: String(parsed.data.limit) };
      const conflicts = Object.keys(sent).filter((k) => sent[k] !== undefined && sent[k] !== issued[k]);
      if (conflicts.length > 0) {
        throw validationError(
          conflicts.map((k) => ({
            path: `$.${k}`,
            message: 'Differs from the cursor; omit it or start a new list.',
          })),
          'Filters or page size differ from the ones the cursor was issued for.',
        );
      }
      return { limit: parsed.data.limit, filters: f as Filters<S>, after: { createdAt: new Date(at), id } };
    },

    /** Answers a page: its items' JSON texts (orders' stored bodies) joined unparsed, and the pagination. */
    send(
      ctx: AppContext,
      name: string,
      req: KeysetRequest<Filters<S>>,
      page: { items: readonly string[]; hasMore: boolean; last: Position | undefined },
      keys: CursorKeys,
    ): void {
      const nextCursor = page.hasMore && page.last ? encode(page.last, req, keys) : null;
      const pagination = { nextCursor, hasMore: page.hasMore, limit: req.limit };
      const items = page.items.join(',');
      sendJsonText(ctx, `{${JSON.stringify(name)}:[${items}],"pagination":${JSON.stringify(pagination)}}`);
    },
  };
}

/** What a list asks the database for: the caller's organisation and mode, the page size, filters and position. */
export const pageQuery = <F>(
  { organisationId, livemode }: { organisationId: string; livemode: boolean },
  { limit, filters, after }: KeysetRequest<F>,
) => ({ organisationId, livemode, limit, ...filters, after });

/** JSON text answered as a Buffer: given a string, Node would encode it again when writing the response. */
export function sendJsonText(ctx: AppContext, json: string): void {
  ctx.type = 'application/json';
  ctx.body = Buffer.from(json);
}
