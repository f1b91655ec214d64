/** The vocabulary shared by every part of the notice engine. */
export const NOTICE_TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const JURISDICTIONS = ['england_and_wales', 'scotland', 'northern_ireland'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The three Gazettes: London covers England & Wales, Edinburgh Scotland, Belfast Northern Ireland. */
export const GAZETTE_EDITIONS = ['london', 'edinburgh', 'belfast'] as const;
export type GazetteEdition = (typeof GAZETTE_EDITIONS)[number];

/** "Today" is always passed in, never read from a clock, so every function here stays pure. */
export interface NoticeContext {
  today: string;
}

export function isNoticeType(value: unknown): value is NoticeType {
  return typeof value === 'string' && (NOTICE_TYPES as readonly string[]).includes(value);
}
