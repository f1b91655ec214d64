import type { ErrorCode } from '../../errors';
import recorded from './examples.json';

/**
 * The document's examples: real responses of the service, recorded by test/integration/api/openapi-examples.test.ts
 * (`RECORD_OPENAPI_EXAMPLES=1`) with ids, instants and dates normalised, so the document stays the same
 * whatever day it is generated on. The same suite fails when the service's answers no longer have their shape.
 */
const EXAMPLES = recorded as {
  responses: Record<string, unknown>;
  errors: Partial<Record<ErrorCode, unknown>>;
};

/** The recorded success body of an operation (by operationId), if one was recorded. */
export function responseExample(operationId: string): { example: unknown } | Record<string, never> {
  const example = EXAMPLES.responses[operationId];
  return example === undefined ? {} : { example };
}

/** A recorded error body for the first of `codes` that has one. */
export function errorExample(codes: readonly ErrorCode[]): { example: unknown } | Record<string, never> {
  const code = codes.find((c) => EXAMPLES.errors[c] !== undefined);
  return code ? { example: EXAMPLES.errors[code] } : {};
}

/** A recorded event envelope of this event name (from the events examples), for its webhook. */
export function eventExample(name: string): { example: unknown } | Record<string, never> {
  const events = [
    EXAMPLES.responses.getEvent,
    ...((EXAMPLES.responses.listEvents as { events?: unknown[] } | undefined)?.events ?? []),
  ] as { event?: string }[];
  const example = events.find((e) => e?.event === name);
  return example ? { example } : {};
}
