import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { validationError } from '../errors';

/** HMAC keys of cursors: the first signs, any verifies (config.api.cursorKeys). */
export type CursorKeys = readonly Buffer[];

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/**
 * Every list cursor is opaque to callers: base64url JSON of the last row's keyset position plus the filters and
 * page size it was issued for, so the next page always applies the same filters, then `.` and an HMAC-SHA256
 * of that text under the server's cursor key, so a cursor cannot be forged or edited.
 */
export function signCursor(payload: unknown, keys: CursorKeys): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(keys[0]!, body)}`;
}

export const notACursor = () =>
  validationError([{ path: '$.cursor', message: 'Not a cursor issued by this API.' }]);

/** Any key of the rotation verifies (the current one, and the previous one while it is rotated out). */
function verified(cursor: string, keys: CursorKeys): string {
  const [body, mac, ...rest] = cursor.split('.');
  if (!body || !mac || rest.length > 0) throw notACursor();
  const given = Buffer.from(mac, 'base64url');
  const ok = keys.some((key) => {
    const expected = Buffer.from(sign(key, body), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw notACursor();
  return body;
}

/** Verifies a cursor's signature, then holds its payload to `schema` (the rules of the query it stands for). */
export function readCursor<S extends z.ZodType>(cursor: string, keys: CursorKeys, schema: S): z.infer<S> {
  const body = verified(cursor, keys);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw notACursor();
  return parsed.data;
}
