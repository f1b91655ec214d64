/** Small helpers that keep the wording modules declarative. Paragraphs are separated by one blank line. */
export function paragraphs(...parts: Array<string | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n\n');
}

export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/** "A", "A and B", "A, B and C". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Ends a caller-supplied phrase with exactly one full stop, so sentences never end ".." or without one. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function upper(text: string): string {
  return text.toUpperCase();
}
