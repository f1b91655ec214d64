/**
 * The one way money is shown to people: pounds from integer pence, `£1,234.50`, and a credit as `−£12.00` with a
 * true minus sign. Amounts are integer pence everywhere else.
 */
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPence(pence: number): string {
  const shown = GBP.format(Math.abs(pence) / 100);
  return pence < 0 ? `−${shown}` : shown;
}
