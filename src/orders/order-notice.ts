import type { PreparedNotice } from '../notices';
import type { BookablePublication } from '../notices/publication';
import { noticeSize } from '../notices/size';
import type { Order } from './order';

/** How a requested publication date was moved to the date the notice is booked for (plain JSON). */
export type PublicationDateAdjusted = NonNullable<BookablePublication['adjusted']>;

/** The dates the notice is booked for; a booked order keeps them whatever an amendment asks (`bookedDates`). */
type BookedDates = Pick<
  Order,
  'publicationDate' | 'publicationDateAdjusted' | 'gazettePublicationDate' | 'newspapers'
>;

/** The notice engine's prepared notice, reduced to what an order keeps: its notice fields, and the notice's size. */
export type OrderNotice = BookedDates &
  Pick<Order, 'fields' | 'noticeText' | 'pricing' | 'newspaperName' | 'gazetteEdition' | 'nation'> & {
    wordCount: number;
    /** Column centimetres (`noticeSize`); an amendment may not grow it without acceptPriceChange. */
    size: number;
    columns: number;
  };

export function toOrderNotice(prepared: PreparedNotice): OrderNotice {
  return {
    fields: { ...prepared.input },
    noticeText: prepared.noticeText,
    wordCount: prepared.wordCount,
    size: noticeSize(prepared),
    columns: prepared.layout.columns,
    pricing: { ...prepared.pricing },
    newspaperName: prepared.newspaper.name,
    gazetteEdition: prepared.gazetteEdition,
    publicationDate: prepared.publicationDate,
    publicationDateAdjusted: prepared.publicationDateAdjusted && { ...prepared.publicationDateAdjusted },
    nation: prepared.nation,
    gazettePublicationDate: prepared.gazette?.publicationDate ?? null,
    newspapers: prepared.newspapers.map((n) => ({ ...n, places: [...n.places] })),
  };
}

export function noticeOnOrder(notice: OrderNotice) {
  return {
    fields: notice.fields,
    noticeText: notice.noticeText,
    quotedPriceGbpPence: notice.pricing.totalGbpPence,
    pricing: { ...notice.pricing },
    newspaperName: notice.newspaperName,
    gazetteEdition: notice.gazetteEdition,
    nation: notice.nation,
    ...bookedDates(notice),
  };
}

export const bookedDates = (o: BookedDates): BookedDates => ({
  publicationDate: o.publicationDate,
  publicationDateAdjusted: o.publicationDateAdjusted,
  gazettePublicationDate: o.gazettePublicationDate,
  newspapers: o.newspapers,
});
