import { quoteBodies } from '../../../bench/scenarios/quote-bodies';
import { todayInLondon } from '../../../src/notices';
import { parseQuoteRequest, quote } from '../../../src/notices/quote';

/** The quote bench sends these bodies as they are: each must be a quote the law allows, or the run fails. */
describe("the quote bench's bodies", () => {
  const ctx = { today: todayInLondon() };
  const bodies = quoteBodies();

  it.each([
    ['popular estimates', bodies.popular],
    ['full-order quotes', bodies.full],
    ['fresh estimates', Array.from({ length: 96 }, () => bodies.fresh())],
  ])('%s are all valid quotes', (_kind, sent) => {
    for (const body of sent) {
      expect(() => quote(parseQuoteRequest(JSON.parse(body), ctx), ctx)).not.toThrow();
    }
  });
});
