import type { FieldIssue } from '../../errors';
import { issueAt } from '../issues';
import { postcodeInAddress } from '../locus';
import type { Fields } from './context';

/**
 * Northern Ireland's copies and inspection places must be in the notice's own area:
 * - EIA Regs (NI) 2017 reg 18(1)(f): "an address in the locality" where copies may be obtained (a postal address);
 * - RTR(NI)O 1997 Sch 1 para 3(2)(d): an address "in that area" where the draft order may be inspected;
 * - ACNIO 1983 Sch 1 para 1: "a place in the district" to inspect the order;
 * - Roads (NI) Order 1993 Sch 8 para 1(b): "a place in that area" to inspect the draft order.
 * A postcode outside Northern Ireland (not `BT`) can never be in that locality, and is refused. Narrower than
 * Northern Ireland (the council district) is not modelled: the reference does not define the locality, and we have
 * no postcode-to-district data (docs/notice-reference.md, "Places in the locality (Northern Ireland)").
 */
const NI_AREA = 'BT';

export const NI_PLACE_SOURCES = {
  copiesAddress: 'Planning (EIA) Regulations (NI) 2017 reg 18(1)(f): an address in the locality',
  tro: 'RTR(NI)O 1997 Sch 1 para 3(2)(d): an address in that area',
  public_path: 'Access to the Countryside (NI) Order 1983 Sch 1 para 1: a place in the district',
  highways: 'Roads (NI) Order 1993 Sch 8 para 1(b): a place in that area',
} as const;

/**
 * `field` is a place in Northern Ireland: a postcode written in it must be a `BT` one. With `postal`, the field is
 * a postal address and must show its postcode (else the locality cannot be told).
 */
export function placeInNorthernIreland(
  fields: Fields,
  field: string,
  source: string,
  postal = false,
): FieldIssue[] {
  const text = fields[field];
  if (typeof text !== 'string') return [];
  const place = postcodeInAddress(text);
  if (!place) {
    return postal
      ? [issueAt([field], `Must end with the address's Northern Ireland postcode (BT…) (${source}).`)]
      : [];
  }
  if (place.area === NI_AREA) return [];
  return [
    issueAt(
      [field],
      `Must be in Northern Ireland, the notice's locality (${source}): ${place.postcode} is not a Northern Ireland (BT) postcode.`,
    ),
  ];
}
