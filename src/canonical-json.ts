/**
 * Canonical JSON, the one way we compare or hash JSON-shaped data: keys sorted at every depth and undefined
 * ones left out (as JSON does), so equal data in any key order gives one string. Pure and workflow-safe.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
