import { ORDER_STATUSES } from '../../../src/orders/status';
import {
  actorOf,
  delayOf,
  simulatedBooking,
  simulatedPageNumber,
  simulatedPublication,
  simulatedStepFor,
  simulatedUrn,
} from '../../../src/testmode/simulation';
import { simulatorWorkflowId } from '../../../src/workflows/simulated-newspaper.messages';

describe('the simulated newspaper and Gazette', () => {
  it('books an order awaiting booking, publishes a booked one, and returns a URN for published probate only', () => {
    const steps = Object.fromEntries(
      ORDER_STATUSES.map((status) => [
        status,
        [simulatedStepFor({ status, type: 'planning' }), simulatedStepFor({ status, type: 'probate' })],
      ]),
    );
    expect(steps).toEqual({
      pending_payment: [null, null],
      awaiting_po: [null, null],
      awaiting_booking: ['booking', 'booking'],
      booked: ['publication', 'publication'],
      published: [null, 'urn'],
      urn_received: [null, null],
      completed: [null, null],
      cancelled: [null, null],
    });
  });

  it('waits the configured delay of each step (at least a millisecond)', () => {
    const schedule = { bookingMs: 200, publicationMs: 20_000, urnMs: 0 };
    expect(delayOf('booking', schedule)).toBe(200);
    expect(delayOf('publication', schedule)).toBe(20_000);
    expect(delayOf('urn', schedule)).toBe(1);
  });

  it('reports as the newspaper, and the URN as the Gazette', () => {
    expect([actorOf('booking'), actorOf('publication'), actorOf('urn')]).toEqual([
      'simulator:newspaper',
      'simulator:newspaper',
      'simulator:gazette',
    ]);
    expect(simulatorWorkflowId('ord_1')).toBe('simulate:ord_1');
  });

  it('books the order’s own publication date, else today, with a test reference', () => {
    expect(simulatedBooking({ reference: 'SN-000123', publicationDate: '2027-03-01' }, '2026-11-22')).toEqual(
      {
        publicationDate: '2027-03-01',
        newspaperReference: 'TEST-SN-000123',
      },
    );
    expect(
      simulatedBooking({ reference: 'SN-000123', publicationDate: null }, '2026-11-22').publicationDate,
    ).toBe('2026-11-22');
  });

  it('never publishes before the booked date: an order booked for a later day appears that morning', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(simulatedPublication({ id: 'ord_abc', publicationDate: '2026-12-07' }, now).publishedAt).toBe(
      '2026-12-07T06:00:00.000Z',
    );
    // Late on the booked day in UTC is already the next UK day in summer: still now, never earlier.
    const lateSummer = new Date('2027-06-07T23:30:00Z');
    expect(
      simulatedPublication({ id: 'ord_abc', publicationDate: '2027-06-07' }, lateSummer).publishedAt,
    ).toBe(lateSummer.toISOString());
    expect(simulatedPublication({ id: 'ord_abc', publicationDate: null }, now).publishedAt).toBe(
      now.toISOString(),
    );
  });

  it('publishes now on a stable page between 2 and 40, and returns a URN that is clearly a test one', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(simulatedPublication({ id: 'ord_abc', publicationDate: '2026-11-22' }, now)).toEqual({
      publishedAt: '2026-11-22T10:00:00.000Z',
      pageNumber: simulatedPageNumber('ord_abc'),
    });
    for (const id of ['ord_a', 'ord_b', 'ord_0000000000000000sample', 'ord_zzzzzzzzzzzzzzzzzzzzzz']) {
      const page = simulatedPageNumber(id);
      expect(page).toBe(simulatedPageNumber(id));
      expect(page).toBeGreaterThanOrEqual(2);
      expect(page).toBeLessThanOrEqual(40);
    }
    expect(simulatedUrn({ reference: 'SN-000123' })).toEqual({ urn: 'TEST-URN-SN-000123' });
  });
});
