import { z } from 'zod';

/**
 * The language of the notice: English, or Welsh and English (Welsh first) for a notice in Wales. Stored with the
 * order's fields, so amendments, proofs and the order's JSON all see it.
 */
export const NOTICE_LANGUAGES = ['en', 'cy+en'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export const languageField = () => ({
  language: z.enum(NOTICE_LANGUAGES).optional(),
});
