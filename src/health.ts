/**
 * A readiness probe of one dependency (PostgreSQL, Temporal): resolves when it answers, rejects when it does not.
 * Its own home, so the clients that make probes (src/temporal) and the route that runs them (GET /api/health)
 * need not know each other.
 */
export type HealthCheck = () => Promise<void>;
