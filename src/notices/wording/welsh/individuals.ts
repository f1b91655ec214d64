import { TRAFFIC_AREA_OFFICES } from '../../reference-data';
import { paragraphs, sentence } from '../format';
import { cysylltu, cyfnod, dyddiad, welshBodyAddress } from './format';
import type { CyHgv, CyProbate } from './index';

/**
 * Welsh texts of the notices placed by applicants (operator licences, deceased estates). Our translation. The
 * caller's text inside a Welsh sentence is its Welsh counterpart (fields/welsh.ts); names and addresses are
 * printed as given; the traffic commissioner's office, which we print, by its Welsh name (welsh-wording.json).
 */
const TRWYDDEDAU = {
  restricted: 'gyfyngedig',
  standard_national: 'safonol genedlaethol',
  standard_international: 'safonol ryngwladol',
} as const;

/** "5 cerbyd nwyddau a 3 ôl-gerbyd", "2 cerbyd nwyddau ac 1 ôl-gerbyd". */
function fflydCy(cerbydau: number, olgerbydau: number): string {
  return cysylltu(`${cerbydau} cerbyd nwyddau`, olgerbydau, `${olgerbydau} ôl-gerbyd`);
}

export function hgvCy(o: CyHgv): string {
  const office = TRAFFIC_AREA_OFFICES[o.trafficArea];
  const ymgeisydd = o.tradingName ? `${o.applicantName}, yn masnachu fel ${o.tradingName},` : o.applicantName;
  const trwydded = `drwydded gweithredwr cerbydau nwyddau ${TRWYDDEDAU[o.licenceType]}`;
  const canolfan = `${o.operatingCentreAddress}, ${o.operatingCentrePostcode}`;
  const fflyd = fflydCy(o.vehicleCount, o.trailerCount);
  const cais =
    o.applicationKind === 'new'
      ? `Mae ${ymgeisydd} o ${o.applicantAddress} yn gwneud cais am ${trwydded} i ddefnyddio ${canolfan} fel canolfan weithredu ar gyfer ${fflyd}.`
      : `Mae ${ymgeisydd} o ${o.applicantAddress} yn gwneud cais i amrywio'r ${trwydded}${o.licenceNumber ? ` ${o.licenceNumber}` : ''} i ddefnyddio ${canolfan} fel canolfan weithredu ar gyfer ${fflyd}.`;
  const presennol =
    o.currentVehicleCount !== undefined && o.currentTrailerCount !== undefined
      ? fflydCy(o.currentVehicleCount, o.currentTrailerCount)
      : o.currentVehicleCount !== undefined
        ? `${o.currentVehicleCount} cerbyd nwyddau`
        : o.currentTrailerCount !== undefined
          ? `${o.currentTrailerCount} ôl-gerbyd`
          : undefined;
  return paragraphs(
    'TRWYDDED GWEITHREDWR CERBYDAU NWYDDAU',
    cais,
    ...(o.additionalOperatingCentres ?? []).map(
      (c) =>
        `Mae hefyd yn gwneud cais i ddefnyddio ${c.address}, ${c.postcode} fel canolfan weithredu ar gyfer ${fflydCy(c.vehicleCount, c.trailerCount)}.`,
    ),
    presennol !== undefined && `Y nifer a gedwir yn y ganolfan weithredu ar hyn o bryd yw ${presennol}.`,
    o.conditionChanges &&
      `Newidiadau arfaethedig i amodau neu ymgymeriadau: ${sentence(o.conditionChangesCy ?? o.conditionChanges)}`,
    `Dylai perchnogion neu feddianwyr tir (gan gynnwys adeiladau) ger y ganolfan neu'r canolfannau gweithredu sy'n credu yr effeithid ar eu defnydd o'r tir hwnnw neu eu mwynhad ohono wneud sylwadau ysgrifenedig i'r Comisiynydd Traffig yn ${welshBodyAddress(office.representationsAddress)} gan nodi eu rhesymau, o fewn ${cyfnod('hgv.representations')} i'r hysbysiad hwn. Rhaid i'r rhai sy'n gwneud sylwadau anfon copi o'u sylwadau ar yr un pryd at yr ymgeisydd yn y cyfeiriad a roddir ar frig yr hysbysiad hwn. Mae Canllaw ar wneud sylwadau ar gael gan ${welshBodyAddress(office.guideAvailableFrom)}.`,
  );
}

export function probateCy(o: CyProbate): string {
  const enwauEraill = o.deceasedOtherNamesCy ?? o.deceasedOtherNames;
  const aka = enwauEraill ? ` (a adwaenid hefyd fel ${enwauEraill})` : '';
  const galwedigaeth = o.deceasedOccupation ? `, ${o.deceasedOccupationCy ?? o.deceasedOccupation}` : '';
  return paragraphs(
    'HYSBYSIAD I GREDYDWYR AC ERAILL',
    'Yn unol ag Adran 27 o Ddeddf Ymddiriedolwyr 1925',
    `${o.deceasedName.toUpperCase()}${aka}, gynt o ${o.deceasedAddress}${galwedigaeth}, a fu farw ar ${dyddiad(o.dateOfDeath)}.`,
    `Rhoddir hysbysiad drwy hyn ei bod yn ofynnol i unrhyw un sydd â hawliad yn erbyn ystad yr ymadawedig a enwir uchod, neu fuddiant ynddi, anfon manylion ysgrifenedig o'r hawliad at ${derbynnydd(o)} erbyn ${dyddiad(o.claimsDeadlineDate)}. Ar ôl y dyddiad hwnnw bydd y cynrychiolwyr personol yn dosbarthu'r ystad ymhlith y rhai sydd â hawl iddi, gan roi sylw i'r hawliadau a'r buddiannau y cawsant hysbysiad ohonynt bryd hynny yn unig, ac ni fyddant yn atebol am unrhyw ran o'r ystad a ddosbarthwyd felly i unrhyw un nad oedd ganddynt hysbysiad o'i hawliad.`,
    `Cynrychiolwyr personol: ${o.personalRepresentativesCy ?? o.personalRepresentatives}.`,
  );
}

function derbynnydd(o: CyProbate): string {
  if (o.solicitorName && o.solicitorAddress) {
    const cyf = o.solicitorReference ? ` (cyfeirnod ${o.solicitorReference})` : '';
    return `${o.solicitorName}, ${o.solicitorAddress}${cyf}, cyfreithwyr y cynrychiolwyr personol,`;
  }
  return `y cynrychiolwyr personol yn ${o.personalRepresentativesAddress ?? o.applicantAddress}`;
}
