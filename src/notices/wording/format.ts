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

/**
 * Bodies whose names take the definite article in running English text: "the Secretary of State for Transport
 * proposes", "the Welsh Ministers propose", "the Environment Agency". Councils ("Leeds City Council") and
 * names that already start with "the" are printed as given.
 */
const TAKES_THE =
  /^(secretary of state|welsh ministers|scottish ministers|department (for|of)|minister (for|of)|mayor of london|greater london authority|planning inspectorate|environment agency|marine management organisation|crown estate|office (for|of)|council of the)\b/i;

/** A body's name as the subject or object of a sentence, with "the" where English needs it. */
export function bodyName(name: string): string {
  return TAKES_THE.test(name) ? `the ${name}` : name;
}

/** "proposes" or "propose": the Welsh (and Scottish) Ministers are plural. */
export function proposes(name: string): string {
  return /\bministers$/i.test(name) ? 'propose' : 'proposes';
}
