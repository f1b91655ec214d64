import type { HgvOrder, NorthernIrelandHgvOrder } from '../fields';

type HgvParticulars = HgvOrder | NorthernIrelandHgvOrder;
import { TRAFFIC_AREA_OFFICES } from '../reference-data';
import { describePeriod } from '../periods';
import { paragraphs, plural, sentence } from './format';

/** Licence type as it is printed. */
const LICENCE_LABELS = {
  restricted: 'restricted',
  standard_national: 'standard national',
  standard_international: 'standard international',
} as const;

/**
 * Goods vehicle operator's licence advertisement (SI 1995/2869 Sch 1): the heading the Upper Tribunal expects
 * (MGM Haulage [2012] UKUT 346), particulars (a)–(h), then the prescribed representations paragraph verbatim.
 */
export function hgvWording(o: HgvOrder): string {
  const office = TRAFFIC_AREA_OFFICES[o.trafficArea];
  return paragraphs(
    ...hgvParticulars(o),
    `Owners or occupiers of land (including buildings) near the operating centre(s) who believe that their use or enjoyment of that land would be affected, should make written representations to the Traffic Commissioner at ${office.representationsAddress} stating their reasons, within ${describePeriod('hgv.representations')} of this notice. Representors must at the same time send a copy of their representations to the applicant at the address given at the top of this notice. A Guide to making representations is available from ${office.guideAvailableFrom}.`,
    o.signOff,
  );
}

/** The heading and particulars (a)–(h), the same in Great Britain (SI 1995/2869) and Northern Ireland (SR 2012/261). */
export function hgvParticulars(o: HgvParticulars): Array<string | undefined> {
  const applicant = o.tradingName ? `${o.applicantName}, trading as ${o.tradingName},` : o.applicantName;
  const licence = `${LICENCE_LABELS[o.licenceType]} goods vehicle operator's licence`;
  const centre = `${o.operatingCentreAddress}, ${o.operatingCentrePostcode}`;
  const fleet = `${plural(o.vehicleCount, 'goods vehicle')} and ${plural(o.trailerCount, 'trailer')}`;
  const application =
    o.applicationKind === 'new'
      ? `${applicant} of ${o.applicantAddress} is applying for a ${licence} to use ${centre} as an operating centre for ${fleet}.`
      : `${applicant} of ${o.applicantAddress} is applying to vary the ${licence}${o.licenceNumber ? ` ${o.licenceNumber}` : ''} to use ${centre} as an operating centre for ${fleet}.`;
  return [
    "GOODS VEHICLE OPERATOR'S LICENCE",
    application,
    ...(o.additionalOperatingCentres ?? []).map(
      (c) =>
        `It also applies to use ${c.address}, ${c.postcode} as an operating centre for ${plural(c.vehicleCount, 'goods vehicle')} and ${plural(c.trailerCount, 'trailer')}.`,
    ),
    currentFleet(o),
    o.conditionChanges && `Proposed changes to conditions or undertakings: ${sentence(o.conditionChanges)}`,
  ];
}

/** Particular (g): the numbers now kept, when they differ from those applied for. */
function currentFleet(o: HgvParticulars): string | undefined {
  const parts = [
    o.currentVehicleCount !== undefined ? plural(o.currentVehicleCount, 'goods vehicle') : undefined,
    o.currentTrailerCount !== undefined ? plural(o.currentTrailerCount, 'trailer') : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length ? `The number now kept at the operating centre is ${parts.join(' and ')}.` : undefined;
}
