/**
 * How VAT documents are numbered (pure, no imports: the repository that draws the numbers uses it). Each kind
 * has its own gap-free series, `INV` for invoices and `CN` for credit notes (HMRC asks for a unique sequential
 * number; separate series keep each one unbroken), and test mode has its own pair, so a test document never
 * takes a live number.
 */

/** The number series of each VAT document: `INV`, `CN` (one series each; test mode's are their own). */
export const VAT_NUMBER_PREFIX = { vat_invoice: 'INV', vat_credit_note: 'CN' } as const;
export const VAT_NUMBER_DIGITS = 6;

/** `INV-000123`, `CN-000045`; test mode `TEST-INV-000001`, never a live number. */
export function documentNumber(prefix: string, n: number, livemode: boolean): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`A document number is a positive integer: ${n}`);
  return `${livemode ? '' : 'TEST-'}${prefix}-${String(n).padStart(VAT_NUMBER_DIGITS, '0')}`;
}
