import { z } from 'zod';
import { TRAFFIC_AREAS } from '../reference-data';
import { addressText, descriptionText, nameText } from '../text';
import { count, isoDate, ukPostcode } from './primitives';

/** Goods vehicle operator's licence: the particulars of SI 1995/2869 Sch 1 para 1 (a)–(h). */
export const LICENCE_TYPES = ['restricted', 'standard_national', 'standard_international'] as const;
export const APPLICATION_KINDS = ['new', 'variation'] as const;
export const MAX_VEHICLES = 9999;
/** Operating centres one notice lists: the first (`operatingCentre…`) and up to 19 more. */
export const MAX_OPERATING_CENTRES = 20;

/** A further operating centre of the same application: its address and postcode, and what is kept there (f). */
const additionalOperatingCentre = () =>
  z.strictObject({
    address: addressText(),
    postcode: ukPostcode(),
    vehicleCount: count(MAX_VEHICLES),
    trailerCount: count(MAX_VEHICLES),
  });

/**
 * The operator and the operating centre (paras (b)–(h)): the same particulars in Great Britain and Northern
 * Ireland (SR 2012/261 Sch 2 para 1), where only the licence number and the traffic area differ.
 */
export const operatingCentreFields = () => ({
  tradingName: nameText().optional(),
  operatingCentreAddress: addressText(),
  operatingCentrePostcode: ukPostcode(),
  vehicleCount: count(MAX_VEHICLES),
  trailerCount: count(MAX_VEHICLES),
  /** Numbers now kept at the centre, for a variation where they differ (para 1(g)). */
  currentVehicleCount: count(MAX_VEHICLES).optional(),
  currentTrailerCount: count(MAX_VEHICLES).optional(),
  /** Proposed changes to or removal of conditions or undertakings (para 1(h)). */
  conditionChanges: descriptionText().optional(),
  /**
   * Further operating centres (para 1(e), (f)): each one's locality gets its paper too (locus.ts), and the
   * notice in every paper lists every centre.
   */
  additionalOperatingCentres: z
    .array(additionalOperatingCentre(), { error: 'Must be a list of operating centres.' })
    .min(1, { error: 'Must list at least one centre, or be left out.' })
    .max(MAX_OPERATING_CENTRES - 1, {
      error: `Must list at most ${MAX_OPERATING_CENTRES - 1} further centres.`,
    })
    .optional(),
});

export const hgvFields = () => ({
  applicationKind: z.enum(APPLICATION_KINDS),
  licenceType: z.enum(LICENCE_TYPES),
  /**
   * Existing licence number for a variation: O (goods) + traffic-area letter + 7 digits. Written as people
   * write it ("ob 123 4567", "OB-1234567"), it is printed in its canonical form, OB1234567.
   */
  licenceNumber: z
    .string()
    .max(40, { error: 'Must be a goods vehicle licence number such as OB1234567.' })
    .transform((raw) => raw.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(
      z.string().regex(/^O[A-Z]\d{7}$/, {
        error:
          'Must be a goods vehicle licence number such as OB1234567 (O, the traffic area letter, 7 digits).',
      }),
    )
    .optional(),
  ...operatingCentreFields(),
  trafficArea: z.enum(TRAFFIC_AREAS),
  /**
   * The date the application is (or will be) made to the traffic commissioner. Required: the advert must appear
   * within 21 days before or after it (GV(LO) Act 1995 s.11), which cannot be checked without it.
   */
  applicationDate: isoDate(),
});
