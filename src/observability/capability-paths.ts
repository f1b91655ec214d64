/**
 * Paths whose next segment is a capability (whoever has the address may pay the order): `/pay/<order id>` and the
 * sandbox's pages. Logs and traces show them as `/pay/:orderId…`, so neither hands out the capability.
 */
const CAPABILITY_PATH = /^\/(pay|sandbox\/checkout|sandbox\/invoice)\/[^/?]+/i;

/** A request path (or path and query) as logs and traces record it: capability ids replaced by `:orderId`. */
export const redactCapabilityPath = (path: string): string => path.replace(CAPABILITY_PATH, '/$1/:orderId');
