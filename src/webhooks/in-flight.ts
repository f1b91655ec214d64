/**
 * HTTP attempts at once per endpoint and per organisation and mode, in one worker process. A full slot refuses
 * at once (never queued), so a hanging endpoint never holds a worker's activity slots for other tenants.
 */
interface InFlightKey {
  organisationId: string;
  mode: 'live' | 'test';
  endpointId: string;
}

export class InFlightLimiter {
  private readonly endpoints = new Map<string, number>();
  private readonly organisations = new Map<string, number>();

  constructor(private readonly limits: { perEndpoint: number; perOrganisation: number }) {}

  /** A release function when both slots were free (call it exactly once), else the full one's name. */
  tryAcquire(key: InFlightKey): { release: () => void } | { full: 'endpoint' | 'organisation' } {
    const org = `${key.organisationId}:${key.mode}`;
    const e = this.endpoints.get(key.endpointId) ?? 0;
    const o = this.organisations.get(org) ?? 0;
    if (e >= this.limits.perEndpoint) return { full: 'endpoint' };
    if (o >= this.limits.perOrganisation) return { full: 'organisation' };
    this.endpoints.set(key.endpointId, e + 1);
    this.organisations.set(org, o + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        decrement(this.endpoints, key.endpointId);
        decrement(this.organisations, org);
      },
    };
  }

  endpointFull(endpointId: string): boolean {
    return (this.endpoints.get(endpointId) ?? 0) >= this.limits.perEndpoint;
  }

  inFlight(key: InFlightKey): { endpoint: number; organisation: number } {
    return {
      endpoint: this.endpoints.get(key.endpointId) ?? 0,
      organisation: this.organisations.get(`${key.organisationId}:${key.mode}`) ?? 0,
    };
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const n = (map.get(key) ?? 0) - 1;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
}

export const BUSY_RETRY_MAX_MS = 8_000;

/**
 * 0.5–1.5 s, doubling with each refusal in a row up to 4–12 s, spread so waiters do not align: a tenant whose
 * slots stay full must not turn its backlog into a stream of refusals.
 */
export function busyRetryDelayMs(random: number, refusalsInARow = 1): number {
  const base = Math.min(BUSY_RETRY_MAX_MS, 1000 * 2 ** Math.max(0, refusalsInARow - 1));
  return Math.floor(base * (0.5 + random));
}
