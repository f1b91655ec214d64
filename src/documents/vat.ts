import { formatNoticeDate } from '../notices/dates';
import { TARIFF } from '../notices/reference-data';
import type { Order } from '../orders/order';
import type { Pricing } from '../notices';
import { gazetteName } from './certificate-facts';

/**
 * The VAT arithmetic and particulars of our VAT invoices and VAT credit notes (HMRC VAT Notice 700, section 16):
 * pure, so the activities, the renderer and the tests share one answer. Amounts are integer pence; VAT is
 * worked out once on the document's net total and rounded to the nearest penny, half a penny up (VAT Notice
 * 700 section 17.5), which is how the order's price was computed (src/notices/pricing.ts) and so what the
 * ledger charged: an invoice shows the order's own figures and never a second computation of them.
 */

/** The standard rate, in basis points (20 % = 2000), from the tariff. */
export const VAT_RATE_BASIS_POINTS = TARIFF.vatRateBasisPoints;
/** "20%". */
export const vatRateLabel = (basisPoints = VAT_RATE_BASIS_POINTS) => `${basisPoints / 100}%`;

export interface VatAmounts {
  netGbpPence: number;
  vatGbpPence: number;
  grossGbpPence: number;
}

/** VAT on a net amount, to the nearest penny (half a penny rounds up). */
export function vatOnNet(netGbpPence: number, basisPoints = VAT_RATE_BASIS_POINTS): number {
  return Math.floor((netGbpPence * basisPoints + 5000) / 10000);
}

/** The VAT inside a VAT-inclusive amount (its VAT fraction, 1/6 at 20 %), to the nearest penny. */
export function vatInGross(grossGbpPence: number, basisPoints = VAT_RATE_BASIS_POINTS): number {
  return Math.floor((2 * grossGbpPence * basisPoints + 10000 + basisPoints) / (2 * (10000 + basisPoints)));
}

/**
 * An order's price as its VAT invoice states it: the net total of the supply (newspaper space, platform fee,
 * Gazette fee), the VAT on it and the total including VAT, taken from the order's own breakdown. A breakdown
 * that does not add up, or whose VAT is not the rate on the net total, is refused: an invoice never shows
 * figures other than those charged, and never wrong ones.
 */
export function invoiceAmounts(pricing: Pricing, basisPoints = VAT_RATE_BASIS_POINTS): VatAmounts {
  const netGbpPence =
    pricing.subtotalGbpPence + pricing.platformFeeGbpPence + (pricing.gazetteFeeGbpPence ?? 0);
  const amounts = { netGbpPence, vatGbpPence: pricing.vatGbpPence, grossGbpPence: pricing.totalGbpPence };
  if (netGbpPence + pricing.vatGbpPence !== pricing.totalGbpPence) {
    throw new Error(`The price breakdown does not add up: ${JSON.stringify(pricing)}`);
  }
  if (vatOnNet(netGbpPence, basisPoints) !== pricing.vatGbpPence) {
    throw new Error(
      `The price's VAT is not ${vatRateLabel(basisPoints)} of its net: ${JSON.stringify(pricing)}`,
    );
  }
  return amounts;
}

/**
 * What a credit note credits when the price invoiced (`from`) falls to `to` (null: cancelled, all of it):
 * the differences of the net and of the VAT, so the invoice less its credit notes is exactly the price that
 * stands. When the money returned (`refundedGbpPence`, the ledger's refund) is not that difference (a payment
 * of another amount), the credit is the refund, its VAT the VAT fraction of it.
 */
export function creditAmounts(
  from: VatAmounts,
  to: VatAmounts | null,
  refundedGbpPence?: number,
  basisPoints = VAT_RATE_BASIS_POINTS,
): VatAmounts {
  const remaining = to ?? { netGbpPence: 0, vatGbpPence: 0, grossGbpPence: 0 };
  const difference = {
    netGbpPence: from.netGbpPence - remaining.netGbpPence,
    vatGbpPence: from.vatGbpPence - remaining.vatGbpPence,
    grossGbpPence: from.grossGbpPence - remaining.grossGbpPence,
  };
  if (refundedGbpPence === undefined || refundedGbpPence === difference.grossGbpPence) return difference;
  const vatGbpPence = vatInGross(refundedGbpPence, basisPoints);
  return { netGbpPence: refundedGbpPence - vatGbpPence, vatGbpPence, grossGbpPence: refundedGbpPence };
}

export { documentNumber, VAT_NUMBER_DIGITS, VAT_NUMBER_PREFIX } from './numbering';

const TYPE_LABELS: Record<string, string> = {
  hgv: 'HGV operator licence notice',
  probate: 'Section 27 Trustee Act 1925 notice (deceased estates)',
  planning: 'Planning notice',
  tro: 'Traffic regulation order notice',
  public_path: 'Public path order notice',
  highways: 'Highways notice',
};
export const supplyLabel = (type: string) => TYPE_LABELS[type] ?? `Statutory notice (${type})`;

export interface SupplyLine {
  description: string;
  netGbpPence: number;
}

/**
 * The description of the supply, line by line with each line's net: the notice's placement in each paper with
 * its insertion date, the Gazette's notice with its date, and our platform fee. The lines add up to the net.
 */
export function supplyLines(
  order: Pick<
    Order,
    | 'type'
    | 'newspaperName'
    | 'newspapers'
    | 'publicationDate'
    | 'gazetteEdition'
    | 'gazettePublicationDate'
    | 'pricing'
  >,
): SupplyLine[] {
  const label = supplyLabel(order.type);
  const on = (date: string | null | undefined) => (date ? `, insertion ${formatNoticeDate(date)}` : '');
  const papers = order.newspapers.length
    ? order.newspapers.map((n) => ({
        description: `${label}: ${n.newspaperName}${on(n.publicationDate)}`,
        netGbpPence: n.subtotalGbpPence,
      }))
    : [
        {
          description: `${label}: ${order.newspaperName ?? 'newspaper to be confirmed'}${on(order.publicationDate)}`,
          netGbpPence: order.pricing.subtotalGbpPence,
        },
      ];
  // Several papers whose own figures do not make up the subtotal are shown as one line (never a wrong split).
  const lines =
    papers.reduce((s, l) => s + l.netGbpPence, 0) === order.pricing.subtotalGbpPence
      ? papers
      : [
          {
            description: papers.map((l) => l.description).join('; '),
            netGbpPence: order.pricing.subtotalGbpPence,
          },
        ];
  if (order.pricing.gazetteFeeGbpPence) {
    lines.push({
      description: `${gazetteName(order.gazetteEdition)} notice${on(order.gazettePublicationDate)}`,
      netGbpPence: order.pricing.gazetteFeeGbpPence,
    });
  }
  if (order.pricing.platformFeeGbpPence) {
    lines.push({
      description: 'Notice drafting, placement and proof (platform fee)',
      netGbpPence: order.pricing.platformFeeGbpPence,
    });
  }
  return lines;
}

/**
 * What a credit note describes: the invoiced lines when it credits all of them (a cancellation, a replaced
 * invoice), else one line naming the reduction of the price invoiced.
 */
export function creditLines(
  invoiced: SupplyLine[],
  credited: VatAmounts,
  invoiceNumber: string,
): SupplyLine[] {
  const invoicedNet = invoiced.reduce((s, l) => s + l.netGbpPence, 0);
  if (invoicedNet === credited.netGbpPence) return invoiced;
  return [
    {
      description: `Reduction in the price of the supply invoiced on ${invoiceNumber} (notice amended)`,
      netGbpPence: credited.netGbpPence,
    },
  ];
}

/** Why a credit note is issued. */
export type CreditReason = 'cancelled' | 'amended_lower' | 'reinvoiced';

/** The reason in words, as the credit note and its verification page state it. */
export function creditReasonText(reason: CreditReason, invoiceNumber: string): string {
  switch (reason) {
    case 'cancelled':
      return `The order was cancelled: the supply invoiced on ${invoiceNumber} is credited in full.`;
    case 'amended_lower':
      return `The notice was amended to a lower price: the difference from ${invoiceNumber} is credited.`;
    case 'reinvoiced':
      return `The notice was amended and its price changed: ${invoiceNumber} is credited in full and replaced by a new invoice.`;
  }
}
