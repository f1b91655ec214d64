import { AppError } from '../../../src/errors';
import {
  decideReport,
  isIdenticalRepeat,
  reportContent,
  type ReportedOrder,
} from '../../../src/orders/reports';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/orders/status';

const booking = reportContent.booking({ publicationDate: '2027-03-01', newspaperReference: 'YEP-1' });
const order = (status: OrderStatus, applied: ReportedOrder['applied'] = {}, type = 'planning') => ({
  status,
  type,
  applied,
});

describe('identical repeat of an integration report', () => {
  test('every reported field counts: another newspaperReference or pageNumber is not a repeat', () => {
    const booked = order('booked', { booking });
    expect(isIdenticalRepeat('booking', booked, { ...booking })).toBe(true);
    expect(isIdenticalRepeat('booking', booked, { ...booking, newspaperReference: 'YEP-2' })).toBe(false);
    expect(isIdenticalRepeat('booking', booked, { ...booking, newspaperReference: null })).toBe(false);
    const publication = reportContent.publication({ publishedAt: '2027-03-01T06:00:00Z', pageNumber: 3 });
    const published = order('published', { booking, publication });
    expect(
      isIdenticalRepeat(
        'publication',
        published,
        reportContent.publication({ publishedAt: '2027-03-01T07:00:00+01:00', pageNumber: 3 }),
      ),
    ).toBe(true);
    expect(isIdenticalRepeat('publication', published, { ...publication, pageNumber: 4 })).toBe(false);
  });

  test('the order must still stand where the report left it: never for a cancelled or unreported order', () => {
    const standing: OrderStatus[] = ['booked', 'published', 'urn_received', 'completed'];
    for (const status of ORDER_STATUSES) {
      expect(isIdenticalRepeat('booking', order(status, { booking }), booking)).toBe(
        standing.includes(status),
      );
      expect(isIdenticalRepeat('booking', order(status), booking)).toBe(false);
    }
  });
});

describe('decideReport', () => {
  test('applies a report that fits, acknowledges a repeat, refuses the rest with 409 invalid_state_transition', () => {
    expect(decideReport('booking', order('awaiting_booking'), booking)).toBe('apply');
    expect(decideReport('booking', order('booked', { booking }), booking)).toBe('repeat');
    for (const o of [order('booked', { booking }), order('cancelled'), order('cancelled', { booking })]) {
      const refuse = () => decideReport('booking', o, { ...booking, newspaperReference: 'other' });
      expect(refuse).toThrow(AppError);
      expect(refuse).toThrow(expect.objectContaining({ code: 'invalid_state_transition' }));
    }
  });

  test('a URN only for probate orders', () => {
    const urn = reportContent.urn({ urn: 'URN-1' });
    expect(decideReport('urn', order('published', {}, 'probate'), urn)).toBe('apply');
    expect(() => decideReport('urn', order('published'), urn)).toThrow(/probate orders only/);
  });
});
