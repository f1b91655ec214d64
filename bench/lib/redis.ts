import { Redis } from 'ioredis';

/** The Redis server a scenario's second API process counts rate limits in (`REDIS_URL`). */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at BENCH_REDIS_URL (a scenario's Redis side is skipped otherwise). */
export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(BENCH_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
