import { Transport, type ClientOptions, type Download, type RequestOptions } from './http';
import { Paginated } from './pagination';
import type {
  AdvanceRequest,
  AmendRequest,
  CancelRequest,
  Event,
  EventList,
  EventListParams,
  NoticeTypes,
  Order,
  OrderInput,
  OrderList,
  OrderListParams,
  PurchaseOrderRequest,
  Quote,
  QuoteRequest,
  SampleEventSent,
  SendSampleRequest,
} from './types';
import { webhooks } from './webhooks';

const orderPath = (id: string, action = '') => `/orders/${encodeURIComponent(id)}${action}`;
const v1OrderPath = (id: string, action = '') => `/v1${orderPath(id, action)}`;

/**
 * The Statutory Notice Placement API: `new NoticesClient({apiKey, baseUrl})`. Every call retries as the spec
 * recommends (429: `Retry-After` + 0–1 s; 5xx and network failures: 1, 2, 4, 8, 16 s), every POST carries an
 * `Idempotency-Key` (one per call, reused by its retries), and every error is a NoticesApiError.
 */
export class NoticesClient {
  readonly quotes: Quotes;
  readonly noticeTypes: NoticeTypesResource;
  readonly orders: Orders;
  readonly events: Events;
  /** Test mode (`svc_test_` keys) only. */
  readonly testHelpers: TestHelpers;
  /** Webhook verification: needs no client, also exported on its own as `webhooks`. */
  readonly webhooks = webhooks;

  constructor(options: ClientOptions) {
    const http = new Transport(options);
    this.quotes = new Quotes(http);
    this.noticeTypes = new NoticeTypesResource(http);
    this.orders = new Orders(http);
    this.events = new Events(http);
    this.testHelpers = new TestHelpers(http);
  }
}

class Quotes {
  constructor(private readonly http: Transport) {}

  /** POST /v1/quote: the price of an estimate or of a full order body (no key needed; limited per IP). */
  create(body: QuoteRequest, options?: RequestOptions): Promise<Quote> {
    return this.http.json({ method: 'POST', path: '/v1/quote', body, auth: false, options });
  }
}

class NoticeTypesResource {
  constructor(private readonly http: Transport) {}

  /** GET /v1/notice-types: every notice type, its law and its fields (JSON Schema) per nation. */
  list(options?: RequestOptions): Promise<NoticeTypes> {
    return this.http.json({ method: 'GET', path: '/v1/notice-types', auth: false, options });
  }
}

class Orders {
  constructor(private readonly http: Transport) {}

  /** POST /v1/orders: the order placed. A retry after a lost response answers the same order (`Idempotency-Key`). */
  create(body: OrderInput, options?: RequestOptions): Promise<Order> {
    return this.http.json({ method: 'POST', path: '/v1/orders', body, auth: true, options });
  }

  /** GET /v1/orders/:id. */
  get(id: string, options?: RequestOptions): Promise<Order> {
    return this.http.json({ method: 'GET', path: v1OrderPath(id), auth: true, options });
  }

  /** GET /v1/orders, one page: pass the previous page's `pagination.nextCursor` as `cursor` for the next. */
  listPage(params: OrderListParams & { cursor?: string } = {}, options?: RequestOptions): Promise<OrderList> {
    return this.http.json({ method: 'GET', path: '/v1/orders', query: params, auth: true, options });
  }

  /** Every order matching `params`, newest first, page by page: `for await (const order of …)`. */
  list(params: OrderListParams = {}, options?: RequestOptions): Paginated<Order> {
    return new Paginated(async (cursor) => {
      // The cursor carries the filters and page size it was issued for.
      const page = await this.listPage(cursor ? { cursor } : params, options);
      return { items: page.orders, pagination: page.pagination };
    });
  }

  /** POST /v1/orders/:id/amend: any subset of the order fields (and `acceptPriceChange`). */
  amend(id: string, body: AmendRequest, options?: RequestOptions): Promise<Order> {
    return this.http.json({ method: 'POST', path: v1OrderPath(id, '/amend'), body, auth: true, options });
  }

  /** POST /v1/orders/:id/cancel. */
  cancel(id: string, body: CancelRequest = {}, options?: RequestOptions): Promise<Order> {
    return this.http.json({ method: 'POST', path: v1OrderPath(id, '/cancel'), body, auth: true, options });
  }

  /** POST /v1/orders/:id/purchase-order: the PO reference an `awaiting_po` order waits for. */
  submitPurchaseOrder(id: string, body: PurchaseOrderRequest, options?: RequestOptions): Promise<Order> {
    const path = v1OrderPath(id, '/purchase-order');
    return this.http.json({ method: 'POST', path, body, auth: true, options });
  }

  /** GET /v1/orders/:id/proof: the proof PDF (once `proofPdfUrl` is set). */
  downloadProof(id: string, options?: RequestOptions): Promise<Download> {
    return this.http.download({ method: 'GET', path: v1OrderPath(id, '/proof'), auth: true, options });
  }

  /** GET /v1/orders/:id/invoice: the invoice PDF. */
  downloadInvoice(id: string, options?: RequestOptions): Promise<Download> {
    return this.http.download({ method: 'GET', path: v1OrderPath(id, '/invoice'), auth: true, options });
  }

  /** GET /v1/orders/:id/certificate: the publication certificate PDF (once published). */
  downloadCertificate(id: string, options?: RequestOptions): Promise<Download> {
    return this.http.download({ method: 'GET', path: v1OrderPath(id, '/certificate'), auth: true, options });
  }
}

class Events {
  constructor(private readonly http: Transport) {}

  /** GET /v1/events/:id: one event, the exact envelope its webhook carried. */
  get(id: string, options?: RequestOptions): Promise<Event> {
    const path = `/v1/events/${encodeURIComponent(id)}`;
    return this.http.json({ method: 'GET', path, auth: true, options });
  }

  /** GET /v1/events, one page. */
  listPage(params: EventListParams & { cursor?: string } = {}, options?: RequestOptions): Promise<EventList> {
    return this.http.json({ method: 'GET', path: '/v1/events', query: params, auth: true, options });
  }

  /** Every event matching `params`, newest first: the recovery path after missed webhooks. */
  list(params: EventListParams = {}, options?: RequestOptions): Paginated<Event> {
    return new Paginated(async (cursor) => {
      const page = await this.listPage(cursor ? { cursor } : params, options);
      return { items: page.events, pagination: page.pagination };
    });
  }
}

class TestHelpers {
  constructor(private readonly http: Transport) {}

  /** POST /v1/test_helpers/orders/:id/advance: move a test order on (`paid`, `booked`, `published` …). */
  advanceOrder(id: string, body: AdvanceRequest, options?: RequestOptions): Promise<Order> {
    const path = `/v1/test_helpers${orderPath(id, '/advance')}`;
    return this.http.json({ method: 'POST', path, body, auth: true, options });
  }

  /** POST /v1/test_helpers/webhooks/send: a sample event to your test-mode endpoints. */
  sendWebhook(body: SendSampleRequest, options?: RequestOptions): Promise<SampleEventSent> {
    const path = '/v1/test_helpers/webhooks/send';
    return this.http.json({ method: 'POST', path, body, auth: true, options });
  }
}
