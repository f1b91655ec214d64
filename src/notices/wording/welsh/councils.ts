import type { PlanningCategory } from '../../fields/planning';
import type { PathOrderType, PathStatute } from '../../fields/public-path';
import { isWebAddress, trimTrailing } from '../../text';
import { paragraphs, sentence, upper } from '../format';
import { amser, cyfnod, dyddiad, gydaGwrthrych, welshBodyName } from './format';
import type { CyHighways, CyPlanning, CyPublicPath, CyTro } from './index';

/**
 * Welsh texts of council notices in Wales. Our translation, awaiting review; the planning terms are those of the
 * Welsh text of the DMPO (Wales) 2012 (data/welsh-wording.json). The caller's text inside a Welsh sentence is its
 * Welsh counterpart (`effectCy`, `inspectionPlaceCy`, …: fields/welsh.ts, required by rules/welsh.ts); names,
 * addresses and references are printed as given, web addresses too.
 */
const DATGANIADAU: Record<PlanningCategory, string> = {
  eia: "Mae datganiad amgylcheddol gyda'r cais o dan Reoliadau Cynllunio Gwlad a Thref (Asesu Effeithiau Amgylcheddol) (Cymru) 2017.",
  departure:
    "Nid yw'r datblygiad arfaethedig yn unol â darpariaethau'r cynllun datblygu sydd mewn grym yn yr ardal.",
  right_of_way:
    "Byddai'r datblygiad arfaethedig yn effeithio ar hawl tramwy gyhoeddus y mae Rhan 3 o Ddeddf Bywyd Gwyllt a Chefn Gwlad 1981 yn gymwys iddi.",
  major: "Mae'r cais ar gyfer datblygiad mawr.",
  listed_building:
    "Mae'r cynnig yn effeithio ar adeilad rhestredig neu ei leoliad (Deddf Cynllunio (Adeiladau Rhestredig ac Ardaloedd Cadwraeth) 1990, adran 67).",
  conservation_area:
    "Mae'r cynnig yn effeithio ar gymeriad neu olwg ardal gadwraeth (Deddf Cynllunio (Adeiladau Rhestredig ac Ardaloedd Cadwraeth) 1990, adran 73).",
};

export function planningCy(o: CyPlanning): string {
  const awdurdod = corff(o.planningAuthority, o.planningAuthorityCy);
  const lle = o.inspectionPlaceCy ?? o.inspectionPlace;
  return paragraphs(
    upper(awdurdod),
    'DEDDF CYNLLUNIO GWLAD A THREF 1990 – HYSBYSIAD O GAIS AM GANIATÂD CYNLLUNIO',
    `Rhoddir hysbysiad bod cais am ganiatâd cynllunio (cyfeirnod ${o.applicationReference}) wedi'i wneud i'r awdurdod cynllunio lleol, ${awdurdod}. Ymgeisydd: ${o.planningApplicantName ?? o.applicantName}. Datblygiad arfaethedig: ${sentence(o.developmentDescriptionCy ?? o.developmentDescription)}`,
    `Safle: ${o.siteAddress}.`,
    DATGANIADAU[o.category],
    isWebAddress(lle)
      ? `Gellir archwilio'r cais, y cynlluniau a'r dogfennau eraill ar-lein yn ${lle}`
      : `Gellir archwilio'r cais, y cynlluniau a'r dogfennau eraill yn ${lle} yn ystod oriau agor arferol.`,
    `Dylai unrhyw un sy'n dymuno gwneud sylwadau am y cais hwn ysgrifennu at y canlynol: ${awdurdod}, ${o.planningAuthorityAddress}, erbyn ${dyddiad(o.commentDeadline)}, gan ddyfynnu cyfeirnod y cais.`,
  );
}

/** Soft-mutated, as it always follows "o dan" or "gan" here. */
const RTRA = 'Ddeddf Rheoleiddio Traffig Ffyrdd 1984';

/** The caller's Welsh text; its English only where the rules do not require the Welsh (never inside a sentence). */
const cy = <T>(welsh: T | undefined, english: T): T => welsh ?? english;

export function troCy(o: CyTro): string {
  const cynnig = o.stage === 'proposal';
  const gwrthwynebu = o.objectionAddress ?? o.applicantAddress;
  const awdurdod = corff(o.authority, o.authorityCy);
  const effaith = sentence(cy(o.effectCy, o.effect));
  return paragraphs(
    upper(awdurdod),
    upper(cy(o.orderTitleCy, o.orderTitle)),
    cynnig
      ? `Rhoddir hysbysiad drwy hyn fod ${awdurdod} yn bwriadu gwneud y Gorchymyn uchod o dan ${RTRA}. Effaith gyffredinol y Gorchymyn fydd: ${effaith}`
      : `Rhoddir hysbysiad drwy hyn fod ${awdurdod}, ar ${dyddiad(o.madeDate ?? '')}, wedi gwneud y Gorchymyn ${o.experimental ? 'arbrofol ' : ''}uchod o dan ${RTRA}. Effaith gyffredinol y Gorchymyn yw: ${effaith}`,
    `Y ffyrdd dan sylw: ${cy(o.roadsCy, o.roads)
      .map((r) => trimTrailing(r, '.;'))
      .join('; ')}.`,
    !cynnig && o.comesIntoForceDate && `Daw'r Gorchymyn i rym ar ${dyddiad(o.comesIntoForceDate)}.`,
    `Gellir archwilio copi o'r Gorchymyn${cynnig ? ' arfaethedig' : ''}, map yn dangos y ffyrdd dan sylw a datganiad o resymau'r awdurdod dros ei wneud yn ${cy(o.inspectionPlaceCy, o.inspectionPlace)}.`,
    cynnig &&
      `Rhaid i unrhyw wrthwynebiad i'r Gorchymyn arfaethedig fod yn ysgrifenedig, rhaid iddo nodi'r seiliau dros ei wneud a rhaid ei anfon at ${gwrthwynebu} erbyn ${dyddiad(o.objectionDeadline ?? '')}.`,
    !cynnig &&
      o.experimental &&
      `Gorchymyn arbrofol yw'r Gorchymyn. Caiff unrhyw un wrthwynebu gwneud y Gorchymyn at ddiben ei barhau am gyfnod amhenodol, o fewn ${cyfnod('tro.experimentalObjections')} i'r dyddiad y daw i rym, yn ysgrifenedig, gan nodi seiliau'r gwrthwynebiad, at ${gwrthwynebu}.`,
    !cynnig &&
      `Caiff unrhyw un sy'n dymuno cwestiynu dilysrwydd y Gorchymyn neu unrhyw un o'i ddarpariaethau ar y sail nad ydynt o fewn y pwerau a roddwyd gan ${RTRA}, neu na chydymffurfiwyd ag unrhyw ofyniad yn y Ddeddf honno neu mewn unrhyw offeryn a wnaed oddi tani, wneud cais i'r Uchel Lys at y diben hwnnw o fewn ${cyfnod('tro.challenge')} i'r dyddiad y gwnaed y Gorchymyn.`,
  );
}

const PENNAWDAU_LLWYBR: Record<PathStatute, string> = {
  highways_act_1980_s26: 'DEDDF PRIFFYRDD 1980 – ADRAN 26',
  highways_act_1980_s118: 'DEDDF PRIFFYRDD 1980 – ADRAN 118',
  highways_act_1980_s119: 'DEDDF PRIFFYRDD 1980 – ADRAN 119',
  tcpa_1990_s257: 'DEDDF CYNLLUNIO GWLAD A THREF 1990 – ADRAN 257',
  wca_1981_s53: 'DEDDF BYWYD GWYLLT A CHEFN GWLAD 1981 – ADRAN 53',
};

const BERFAU: Record<PathOrderType, string> = {
  creation: 'creu',
  stopping_up: 'cau',
  diversion: 'gwyro',
  definitive_map_modification: "addasu'r map a'r datganiad diffiniol drwy gofnodi newid i",
};

export function publicPathCy(o: CyPublicPath): string {
  const awdurdod = corff(o.authority, o.authorityCy);
  return paragraphs(
    upper(awdurdod),
    PENNAWDAU_LLWYBR[o.statute],
    upper(o.orderTitleCy ?? o.orderTitle),
    `Bydd y Gorchymyn uchod, a wnaed ar ${dyddiad(o.madeDate)}, yn ${gydaGwrthrych(BERFAU[o.orderType], (o.pathDescriptionCy ?? o.pathDescription).replace(/\.$/, ''))}. ${sentence(o.effectCy ?? o.effect)}`,
    `Gellir gweld copi o'r Gorchymyn a map y Gorchymyn yn rhad ac am ddim yn ${o.inspectionPlaceCy ?? o.inspectionPlace}, a gellir cael copïau yno am dâl rhesymol.`,
    `Rhaid anfon unrhyw sylwadau am y Gorchymyn neu wrthwynebiadau iddo yn ysgrifenedig at ${o.objectionAddress ?? o.applicantAddress} heb fod yn hwyrach na ${dyddiad(o.objectionDeadline)}, gan nodi'r seiliau dros eu gwneud.`,
    `Os na wneir unrhyw sylwadau na gwrthwynebiadau yn briodol, neu os tynnir yn ôl unrhyw rai a wnaed, caiff ${awdurdod} gadarnhau'r Gorchymyn fel gorchymyn diwrthwynebiad. Os anfonir y Gorchymyn at Weinidogion Cymru i'w gadarnhau, anfonir gydag ef unrhyw sylwadau neu wrthwynebiadau nas tynnwyd yn ôl.`,
  );
}

/**
 * A body by its Welsh name: the caller's Welsh name for it when sent (a council knows its own name best), else one
 * we know (welsh-wording.json `bodies` and `councils`: the Welsh Ministers, the 22 principal councils), else
 * (never after validation) as the caller wrote it.
 */
function corff(enw: string, enwCy: string | undefined): string {
  return enwCy ?? welshBodyName(enw) ?? enw;
}

export function highwaysCy(o: CyHighways): string {
  const gweithred = o.orderType === 'stopping_up' ? 'cau' : 'gwyro';
  const priffordd = (o.highwayDescriptionCy ?? o.highwayDescription).replace(/\.$/, '');
  const effaith = sentence(o.effectCy ?? o.effect);
  const lle = o.inspectionPlaceCy ?? o.inspectionPlace;
  const gwneuthurwr = corff(o.authority, o.authorityCy);
  if (o.statute === 'highways_act_1980_s116') {
    return paragraphs(
      upper(gwneuthurwr),
      'DEDDF PRIFFYRDD 1980 – ADRAN 116',
      `Rhoddir hysbysiad drwy hyn y bydd ${gwneuthurwr} yn gwneud cais i'r llys ynadon sy'n eistedd yn ${o.courtNameCy ?? o.courtName}, ${o.courtAddress}, ar ${dyddiad(o.hearingDate ?? '')} am ${amser(o.hearingTime ?? '00:00')} am orchymyn yn awdurdodi ${gydaGwrthrych(gweithred, priffordd)}. ${effaith}`,
      `Gellir archwilio cynllun yn dangos y briffordd yn rhad ac am ddim yn ${lle}.`,
      "Mae gan unrhyw un sy'n defnyddio'r briffordd, perchnogion a meddianwyr tir sy'n ffinio â hi ac unrhyw un arall a fyddai'n cael ei dramgwyddo gan wneud y gorchymyn hawl i gael ei glywed ar y cais.",
    );
  }
  return paragraphs(
    upper(gwneuthurwr),
    'DEDDF CYNLLUNIO GWLAD A THREF 1990 – ADRAN 247',
    `Rhoddir hysbysiad drwy hyn fod ${gwneuthurwr} yn bwriadu gwneud Gorchymyn o dan adran 247 o Ddeddf Cynllunio Gwlad a Thref 1990 i awdurdodi ${gydaGwrthrych(gweithred, priffordd)}. ${effaith}`,
    `Gellir archwilio copïau o'r Gorchymyn drafft a'r cynllun perthnasol yn rhad ac am ddim yn ${lle} am 28 diwrnod o ddyddiad yr hysbysiad hwn.`,
    `Caiff unrhyw un wrthwynebu gwneud y Gorchymyn drwy ysgrifennu at y canlynol: ${gwneuthurwr}, ${o.objectionAddress ?? o.applicantAddress}, erbyn ${dyddiad(o.objectionDeadline ?? '')}, gan nodi seiliau'r gwrthwynebiad.`,
  );
}
