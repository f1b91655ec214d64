import { z } from 'zod';
import { isIsoDate } from '../dates';
import { findNewspaperByName } from '../directory';
import { parseUkPostcode } from '../postcodes';
import { rawLimit } from '../text';

/** Field kinds reused across notice types. Text kinds live in ../text.ts. */

export const isoDate = () =>
  z
    .string()
    .refine(isIsoDate, { error: 'Must be a real calendar date written YYYY-MM-DD, such as 2027-03-01.' });

/** A UK postcode, normalised ("sw1a2aa" → "SW1A 2AA"). Crown Dependency postcodes are rejected. */
export const ukPostcode = () =>
  z
    .string()
    .max(16, { error: 'Must be a valid UK postcode, such as "SW1A 2AA".' })
    .transform((raw, ctx) => {
      const parsed = parseUkPostcode(raw);
      if (parsed.ok) return parsed.value.postcode;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    });

export const emailAddress = () =>
  z
    .string()
    .max(rawLimit(254), { error: 'Must be at most 254 characters.' })
    .trim()
    .max(254, { error: 'Must be at most 254 characters.' })
    .pipe(z.email({ error: 'Must be a valid email address.' }));

/** A newspaper chosen by name; the output is the directory's own spelling of the name. */
export const newspaperName = () =>
  z
    .string()
    .max(200, { error: 'Must match a known newspaper name.' })
    .transform((raw, ctx) => {
      const found = findNewspaperByName(raw);
      if (found) return found.name;
      ctx.addIssue({ code: 'custom', message: 'Must match a known newspaper name.' });
      return z.NEVER;
    });

export const count = (max: number) =>
  z
    .int({ error: 'Must be a whole number.' })
    .min(0, { error: 'Must not be negative.' })
    .max(max, { error: `Must be at most ${max}.` });

/** A 24-hour time, HH:MM. */
export const clockTime = () =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a 24-hour time written HH:MM, such as 10:30.' });
