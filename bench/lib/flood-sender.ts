/**
 * The noisy-neighbour scenario's tenant A: its load generator and its slow webhook receiver, in a process of
 * their own at a lower CPU priority (nice 10), as the hostile scenario's sender.
 *
 * Why: the targets are about what A's requests and endpoints do to the service and to B, and A's clients and
 * endpoints run on A's machines, not on ours. In the bench's process they would share its event loop with B's
 * timed requests (B's latencies would include A's response handling and the receiver's 30-odd held requests a
 * second) and take cores the service needs. The bench process keeps only B's measurement, at normal priority.
 */
import { fork } from 'node:child_process';
import { validOrderBody } from '../../test/support/notice-bodies';
import { bearer, post } from './http';
import { paced, send, type Statuses } from './paced';
import { startSlowReceiver } from './slow-receiver';

export const FLOOD_NICE = 10;

export interface FloodOrder {
  apiUrl: string;
  keys: string[];
  rates: { ordersPerSecond: number; listsPerSecond: number; sendsPerSecond: number };
  maxInFlight: number;
  requestTimeoutMs: number;
}

export interface FloodResult {
  statuses: { orders: Statuses; lists: Statuses; sends: Statuses };
  skippedAtInFlightCap: number;
  receiver: { arrivals: number; held: number; maxHeld: number };
}

/** A's three request streams: test orders, lists and sample sends, round its keys. */
function startFlood(order: FloodOrder) {
  const statuses = { orders: {} as Statuses, lists: {} as Statuses, sends: {} as Statuses };
  const { apiUrl, keys, rates, maxInFlight, requestTimeoutMs: timeout } = order;
  const orders = `${apiUrl}/api/v1/orders`;
  const keyOf = (i: number) => bearer(keys[i % keys.length]!);
  const streams = [
    paced(rates.ordersPerSecond, maxInFlight, (i, stop) =>
      send(
        orders,
        post(validOrderBody('planning', { clientRef: `noisy-a-${i}` }), keyOf(i)),
        statuses.orders,
        timeout,
        stop,
      ),
    ),
    paced(rates.listsPerSecond, maxInFlight, (i, stop) =>
      send(`${orders}?limit=100`, { headers: keyOf(i) }, statuses.lists, timeout, stop),
    ),
    paced(rates.sendsPerSecond, maxInFlight, (i, stop) =>
      send(
        `${apiUrl}/api/v1/test_helpers/webhooks/send`,
        post({ event: 'order.booked' }, keyOf(i)),
        statuses.sends,
        timeout,
        stop,
      ),
    ),
  ];
  return {
    /** Stops the streams, aborting what is in flight. */
    stop: async () => {
      await Promise.all(streams.map((s) => s.stop()));
      return { statuses, skippedAtInFlightCap: streams.reduce((n, s) => n + s.counts().skipped, 0) };
    },
  };
}

type Message = { go?: FloodOrder; stop?: true };

/** In the child: the receiver first (its port to the bench), the flood on "go", the result on "stop". */
async function serve(delayMs: number) {
  process.on('disconnect', () => process.exit(0)); // the bench has gone: never outlive it
  const receiver = await startSlowReceiver(delayMs);
  let flood: ReturnType<typeof startFlood> | null = null;
  const fail = (error: unknown) => process.send!({ error: String(error) }, () => process.exit(1));
  process.on('message', (m: Message) => {
    if (m.go) {
      flood = startFlood(m.go);
      process.send!({ flooding: true });
    } else if (m.stop && flood) {
      void flood.stop().then(async (result) => {
        const stats = receiver.stats();
        await receiver.close();
        process.send!({ result: { ...result, receiver: stats } }, () => process.exit(0));
      }, fail);
    }
  });
  process.send!({ receiverUrl: receiver.url('') });
}

/**
 * In the bench: tenant A's process, niced, its receiver listening (`endpointUrl`); `go` starts the flood,
 * `stop` ends it and resolves with what A's requests got and what its endpoints received.
 */
export async function startFloodingTenant(receiverDelayMs: number) {
  // Through nice(1), so that every thread of the child has the lower priority, not only its main thread.
  const child = fork(__filename, [String(receiverDelayMs)], {
    execPath: 'nice',
    execArgv: ['-n', String(FLOOD_NICE), process.execPath, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const reply = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off('message', onMessage);
          resolve(m[key] as T);
        } else if ('error' in m) reject(new Error(`flooding tenant: ${String(m.error)}`));
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`flooding tenant exited (${code})`)));
    });
  const receiverUrl = await reply<string>('receiverUrl');
  return {
    pid: child.pid,
    endpointUrl: (path: string) => receiverUrl + path,
    go: async (order: FloodOrder) => {
      const flooding = reply('flooding');
      child.send({ go: order });
      await flooding;
    },
    stop: async (): Promise<FloodResult> => {
      const result = reply<FloodResult>('result');
      child.send({ stop: true });
      return result;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

if (require.main === module && process.send) void serve(Number(process.argv[2]));
