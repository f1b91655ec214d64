/**
 * A body named inside a sentence takes the article English gives it: "the Department for Infrastructure proposes",
 * "the Scottish Ministers", "the Secretary of State for Transport", whether or not the caller wrote "The" (which is
 * lower-cased mid-sentence). Names that are proper names in their own right ("Belfast City Council", "The City of
 * Edinburgh Council") are printed as given.
 */
const COMMON_NOUN_BODIES =
  /^(?:the\s+)?((?:Department|Secretary of State|Scottish Ministers|Welsh Ministers|Planning Service|Roads Service)\b.*)$/i;

export function withArticle(name: string): string {
  const match = COMMON_NOUN_BODIES.exec(name);
  return match ? `the ${match[1]}` : name;
}
