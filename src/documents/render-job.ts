import type { Order } from '../orders/order';
import type { InvoiceParty } from './invoice';

/** One document to typeset, as sent to a render thread (structured-cloneable: plain data and Dates). */
export type RenderJob =
  | { document: 'proof'; order: Order; columns: 1 | 2 }
  | { document: 'invoice'; order: Order; party: InvoiceParty }
  | { document: 'certificate'; order: Order; pageNumber: number | null };

/** How much lower than its process a render thread runs (render-thread.ts), so event loops come first. */
export const RENDER_THREAD_NICENESS = 10;
