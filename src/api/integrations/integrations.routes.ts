import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { bearerCredential } from '../../auth/bearer';
import type { Db } from '../../db/database';
import { findActiveIntegrationKey, type IntegrationKeyRecord } from '../../db/integration-keys.repository';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Order } from '../../orders/order';
import type { ReportKind, Reports } from '../../orders/reports';
import { sendReport } from '../../temporal/orders';
import type { ReportMessage } from '../../workflows/order.messages';
import type { AppContext, AppState } from '../context';
import { orderNotFound, parseBody } from '../errors';

const bookingBody = z.strictObject({
  publicationDate: z.iso.date(),
  newspaperReference: z.string().trim().min(1).max(100).optional(),
});
const publicationBody = z.strictObject({
  publishedAt: z.iso.datetime({ offset: true }),
  pageNumber: z.int().min(1).max(1000).optional(),
});
const urnBody = z.strictObject({ urn: z.string().trim().min(1).max(100) });

/** Each report's body, and the kind of integration key that sends it. */
export const REPORTS: { [K in ReportKind]: [z.ZodType<Reports[K]>, IntegrationKeyRecord['kind']] } = {
  booking: [bookingBody, 'newspaper'],
  publication: [publicationBody, 'newspaper'],
  urn: [urnBody, 'gazette'],
};

/** `Authorization: Bearer svc_int_…`: a newspaper's or a Gazette edition's integration key. */
async function integrationKey(db: Db, ctx: AppContext): Promise<IntegrationKeyRecord> {
  const key = bearerCredential(ctx.get('Authorization'));
  const record = key ? await findActiveIntegrationKey(db, key) : undefined;
  if (record) return record;
  throw new AppError(
    'unauthorized',
    'Missing or invalid integration key. Send Authorization: Bearer <integration key>.',
  );
}

/** A newspaper key sees only orders placed with that newspaper; a Gazette key only orders of its edition. */
function mayReportOn(key: IntegrationKeyRecord, order: Order): boolean {
  return key.kind === 'newspaper'
    ? order.newspaperName !== null && order.newspaperName === key.newspaperName
    : order.gazetteEdition !== null && order.gazetteEdition === key.gazetteEdition;
}

/**
 * Newspapers and the Gazette report back here. Each report is an update to the order's workflow, which alone
 * decides it: one that does not fit the order's state is 409 invalid_state_transition; an identical repeat is
 * 200 with `changed: false` (src/temporal/orders.ts, `sendReport`).
 */
export function integrationRoutes({ db, temporal }: { db: Db; temporal: Client }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/integrations/v1' });

  for (const kind of Object.keys(REPORTS) as ReportKind[]) {
    router.post(`/orders/:id/${kind}`, async (ctx) => {
      const key = await integrationKey(db, ctx);
      const [schema, sender] = REPORTS[kind];
      const body = parseBody<Reports[ReportKind]>(schema, ctx.request.body);
      const id = String(ctx.params.id);
      const order = await findOrderById(db, id);
      // Test orders never go to a real newspaper or the Gazette: their simulators and the test helpers report.
      if (!order || !order.livemode || !mayReportOn(key, order)) throw orderNotFound(id);
      if (key.kind !== sender) {
        throw new AppError('forbidden', `Only ${sender} integration keys can send this report.`);
      }
      const message = { actor: `integration:${key.id}`, ...body } as ReportMessage<ReportKind>;
      const { changed, order: reported } = await sendReport(temporal, order.id, kind, message);
      ctx.body = {
        acknowledged: true,
        changed,
        order: { id: reported.id, reference: reported.reference, status: reported.status },
      };
    });
  }
  return router;
}
