import type { z } from 'zod';
import { jsonPath, validationError } from '../errors';

/** A request body (none sent: `{}`) or query checked against its schema: 400 validation_error by field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })));
  }
  return parsed.data;
}
