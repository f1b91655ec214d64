import type { Logger } from '../logger';
import type { Order } from '../orders/order';

/** How the artwork reaches the newspaper. Throwing means "not delivered"; the workflow retries. */
export interface ArtworkDelivery {
  deliver(order: Order): Promise<void>;
}

/** Until newspapers publish an intake API, delivery is recorded only (they pick the proof up by its URL). */
export function recordOnlyDelivery(log: Logger): ArtworkDelivery {
  return {
    async deliver(order) {
      log.info({ orderId: order.id, newspaper: order.newspaperName }, 'artwork delivered (record only)');
    },
  };
}

export function deliveryActivities(deps: { delivery: ArtworkDelivery; testDelivery: ArtworkDelivery }) {
  return {
    deliverArtwork: (order: Order) => (order.livemode ? deps.delivery : deps.testDelivery).deliver(order),
  };
}
