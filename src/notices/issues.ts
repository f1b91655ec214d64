import type { z } from 'zod';
import { jsonPath, type FieldIssue } from '../errors';

/**
 * Turns zod issues into the `{ path, message }` items of a validation_error, with messages written for the
 * caller rather than zod's defaults. Fields are parsed one by one so that every failing field is reported and
 * the fields that did parse are still available to the cross-field legal rules.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  int: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function message(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${JSON.stringify(issue.values[0])}.`
        : `Must be one of: ${issue.values.map((v) => String(v)).join(', ')}.`;
    default:
      return issue.message;
  }
}

/** One issue per JSON path (the first), so a too-long value is not also reported for its too-long words. */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): FieldIssue[] {
  const byPath = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const path = jsonPath([...prefix, ...issue.path]);
    if (!byPath.has(path)) byPath.set(path, { path, message: message(issue) });
  }
  return [...byPath.values()];
}

/** A JSON path back into its keys: `$.a[0].b` → ['a', 0, 'b']. */
export function pathKeys(path: string): PropertyKey[] {
  return [...path.slice(1).matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : m[1],
  );
}

export function issueAt(path: PropertyKey[], msg: string): FieldIssue {
  return { path: jsonPath(path), message: msg };
}

export type Shape = Record<string, z.ZodType>;
export type ParsedFields = Record<string, unknown>;

/**
 * Parses each field of `shape` from `record`. A JSON null counts as "not given". Missing required fields get
 * "Is required."; unknown fields get "Unknown field." (the schemas are strict).
 */
export function parseFields(
  shape: Shape,
  record: Record<string, unknown>,
): { data: ParsedFields; issues: FieldIssue[] } {
  const data: ParsedFields = {};
  const issues: FieldIssue[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const raw = record[key] === null ? undefined : record[key];
    const result = schema.safeParse(raw);
    if (result.success) {
      if (result.data !== undefined) data[key] = result.data;
    } else if (raw === undefined) {
      issues.push(issueAt([key], 'Is required.'));
    } else {
      issues.push(...toFieldIssues(result.error.issues, [key]));
    }
  }
  for (const key of Object.keys(record)) {
    if (!Object.hasOwn(shape, key)) issues.push(issueAt([key], 'Unknown field.'));
  }
  return { data, issues };
}

/** A JSON object body (not null, not an array), or undefined. */
export function asRecord(body: unknown): Record<string, unknown> | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}
