import { checkBookedDate, type BookedOrder } from '../../../src/notices/booking';
import { prepareNotice, type NoticeType } from '../../../src/notices';
import type { GazetteEdition } from '../../../src/notices/types';
import { CTX, issuesOf, parsed, TODAY } from './fixtures';

/**
 * A booking report fixes the dates; the periods that run from the notices are re-checked against them, and a
 * date that would make the notice void is refused with the latest date that keeps it valid.
 */
function order(type: NoticeType, overrides: Record<string, unknown> = {}): BookedOrder {
  const prepared = prepareNotice(parsed(type, overrides), CTX);
  return {
    type,
    fields: { ...prepared.input },
    plannedDate: prepared.publicationDate,
    newspapers: prepared.newspapers,
    gazette: prepared.gazette && {
      edition: prepared.gazette.edition as GazetteEdition,
      publicationDate: prepared.gazette.publicationDate,
    },
  };
}

const refusal = (o: BookedOrder, booked: string) => {
  const issues = issuesOf(() => checkBookedDate(o, booked, TODAY));
  expect(issues.map((i) => i.path)).toEqual(['$.publicationDate']);
  return issues[0].message;
};

describe('probate: the claims date against the booked newspaper and the Gazette moved with it', () => {
  // Planned for Monday 1 March 2027, London Gazette the same day; claims by Thursday 6 May 2027.
  const probate = order('probate', { claimsDeadlineDate: '2027-05-06' });

  test('the planned date keeps its dates', () => {
    expect(probate.gazette?.publicationDate).toBe('2027-03-01');
    expect(checkBookedDate(probate, '2027-03-01', TODAY)).toMatchObject({
      publicationDate: '2027-03-01',
      gazettePublicationDate: '2027-03-01',
    });
  });

  test('a later date that still leaves two months moves the Gazette with the paper', () => {
    expect(checkBookedDate(probate, '2027-03-05', TODAY)).toMatchObject({
      publicationDate: '2027-03-05',
      gazettePublicationDate: '2027-03-05',
      lastNotice: { date: '2027-03-05' },
    });
  });

  test('a date that leaves the claims period short is refused, naming the latest valid date', () => {
    const message = refusal(probate, '2027-03-10');
    expect(message).toContain('On 10 March 2027 the notice would not meet the law');
    expect(message).toContain('claimsDeadlineDate: Must be at least 2 months after');
    expect(message).toContain('10 May 2027 or later');
    // Saturday 6 March would leave two months from the paper, but the Gazette (Monday to Friday) would move to 8 March.
    expect(message).toContain('Book it for 5 March 2027 or earlier');
  });

  test('an earlier date that leaves the period is kept; the Gazette is not brought forward', () => {
    expect(checkBookedDate(probate, '2027-02-26', TODAY)).toMatchObject({
      publicationDate: '2027-02-26',
      gazettePublicationDate: '2027-03-01',
    });
  });

  test('a Gazette later than the paper is the date the period runs from', () => {
    // Booked for Saturday 27 February: the paper leaves two months to 27 April, the Gazette stays on 1 March.
    const tight = order('probate', { claimsDeadlineDate: '2027-05-01' });
    expect(checkBookedDate(tight, '2027-02-27', TODAY)?.lastNotice).toEqual({
      date: '2027-03-01',
      where: 'The London Gazette',
    });
    expect(refusal(tight, '2027-03-08')).toContain('Book it for 1 March 2027 or earlier');
  });
});

test('an order whose place the data no longer decides keeps the Gazette moving with the paper', () => {
  const probate = order('probate', { claimsDeadlineDate: '2027-05-06' });
  const unplaced = {
    ...probate,
    fields: { ...probate.fields, postcode: 'TD12 4ZY', deceasedAddress: 'TD12 4ZY' },
  };
  expect(checkBookedDate(unplaced, '2027-03-10', TODAY)).toEqual({
    publicationDate: '2027-03-10',
    gazettePublicationDate: '2027-03-10',
  });
});

describe('other cells whose dates run from publication', () => {
  test('a date earlier than planned that voids the notice asks for the planned date', () => {
    // Application on 22 March: the advert may appear from 1 March.
    const hgv = order('hgv', { applicationDate: '2027-03-22' });
    expect(refusal(hgv, '2027-02-26')).toContain('Book it for the planned date');
  });
  test('an HGV advert booked outside the 21 days after the application is refused', () => {
    const hgv = order('hgv', { applicationDate: '2027-02-22' });
    expect(checkBookedDate(hgv, '2027-03-15', TODAY)).not.toBeNull();
    expect(refusal(hgv, '2027-03-16')).toContain('Book it for 15 March 2027 or earlier');
  });

  test('a TRO objection period is re-checked against the booked date', () => {
    const tro = order('tro', { objectionDeadline: '2027-03-22' });
    expect(refusal(tro, '2027-03-08')).toContain('objectionDeadline: Must be at least 21 days after');
  });

  test('Scotland EIA: 30 days after the later of the paper and the Edinburgh Gazette', () => {
    const eia = order('planning', {
      postcode: 'EH1 1YZ',
      planningAuthority: 'The City of Edinburgh Council',
      planningAuthorityAddress: 'Waverley Court, 4 East Market Street, Edinburgh, EH8 8BG',
      siteAddress: 'Land at Leith Walk, Edinburgh, EH6 8RG',
      applicationReference: '27/00001/FUL',
      category: 'eia',
      inspectionPlace: 'Waverley Court, Edinburgh',
      inspectionTimes: 'Monday to Friday, 9am to 5pm',
      documentsWebsite: 'www.edinburgh.gov.uk/planning',
      copiesAddress: 'Waverley Court, 4 East Market Street, Edinburgh, EH8 8BG',
      copyCharge: '£10 for a paper copy, free on USB stick',
      transboundaryEffects: false,
      commentDeadline: '2027-04-06',
    });
    expect(eia.gazette?.edition).toBe('edinburgh');
    expect(checkBookedDate(eia, eia.plannedDate, TODAY)).not.toBeNull();
    // A Friday booking moves the Edinburgh Gazette (Tuesday and Friday) to that Friday: 30 days run from it.
    expect(refusal(eia, '2027-03-12')).toContain('commentDeadline: Must be at least 30 days after');
  });
});
