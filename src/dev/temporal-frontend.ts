import { Connection } from '@temporalio/client';
import { INDEXED_VALUE_TYPE, type SearchAttributeTypeName } from '../temporal/setup-check';
import type { DevLog } from './log';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until the frontend answers and the namespace exists, then returns an open connection.
 * `aborted` lets the caller stop waiting when the server process has already died.
 */
export async function waitForFrontend(opts: {
  address: string;
  namespace: string;
  timeoutMs: number;
  aborted: () => Error | null;
}): Promise<Connection> {
  const deadline = Date.now() + opts.timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const abort = opts.aborted();
    if (abort) throw abort;
    let connection: Connection | undefined;
    try {
      connection = await Connection.connect({ address: opts.address, connectTimeout: 1_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.workflowService.describeNamespace({ namespace: opts.namespace });
      return connection;
    } catch (err) {
      lastError = err;
      await connection?.close();
      await sleep(250);
    }
  }
  throw new Error(
    `Temporal at ${opts.address} did not become ready in ${opts.timeoutMs} ms: ${String(lastError)}`,
  );
}

/**
 * Registers the search attributes that are missing. Existing ones with the same type are left
 * alone, so a server started again on a persisted db (or a shared one) starts fine.
 */
export async function ensureSearchAttributes(
  connection: Connection,
  namespace: string,
  wanted: Record<string, SearchAttributeTypeName>,
  log: DevLog,
): Promise<void> {
  if (Object.keys(wanted).length === 0) return;
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const existing = customAttributes ?? {};
  const missing: Record<string, number> = {};
  for (const [name, type] of Object.entries(wanted)) {
    const current = existing[name];
    if (current === undefined || current === null) missing[name] = INDEXED_VALUE_TYPE[type];
    else if (Number(current) !== INDEXED_VALUE_TYPE[type]) {
      throw new Error(
        `search attribute ${name} already exists in ${namespace} with another type than ${type}`,
      );
    }
  }
  if (Object.keys(missing).length === 0) return;
  log.info({ namespace, searchAttributes: Object.keys(missing) }, 'registering search attributes');
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: missing });
}
