import type { Pagination } from './types';

/**
 * A newest-first list across its pages: `for await (const order of client.orders.list({status: 'booked'}))`
 * fetches the next page (by its cursor) only when the loop reaches it. `pages()` yields whole pages.
 */
export class Paginated<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (
      cursor: string | undefined,
    ) => Promise<{ items: T[]; pagination: Pagination }>,
  ) {}

  async *pages(): AsyncGenerator<{ items: T[]; pagination: Pagination }> {
    let cursor: string | undefined;
    do {
      const page = await this.fetchPage(cursor);
      yield page;
      cursor = page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined;
    } while (cursor !== undefined);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Every item (mind the size of the list: each page is one request against the rate limit). */
  async toArray(max = Number.POSITIVE_INFINITY): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }
}
