/**
 * A readiness probe of one dependency (PostgreSQL, Temporal): resolves when it answers, rejects when it does not.
 * Its own home, so the clients that make probes (src/temporal) and the route that runs them (GET /api/health)
 * need not know each other.
 */
export type HealthCheck = () => Promise<void>;

/**
 * What a check throws when its dependency answers but cannot serve this service as it is set up (a Temporal
 * namespace without our search attributes): GET /api/health reports `misconfigured` rather than `unavailable`,
 * for an operator rather than a retry to fix.
 */
export class DependencyMisconfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyMisconfigured';
  }
}
