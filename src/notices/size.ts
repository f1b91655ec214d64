import type { PreparedNotice } from './prepare';

/**
 * The size used by the amendment rule: column centimetres (columns × depth in cm). An amendment "grows" the
 * notice when noticeSize(after) > noticeSize(before), which needs `acceptPriceChange: true`. A module of its
 * own so that workflow code can use it without loading the notice engine (see src/notices/data/reference.ts).
 */
export function noticeSize(prepared: Pick<PreparedNotice, 'layout'>): number {
  return prepared.layout.columnCm;
}
