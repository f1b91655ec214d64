import { call, post } from '../lib/http';
import { load } from '../lib/load';
import { ratio, type TargetResult } from '../lib/stats';
import type { BenchContext } from './context';

const QUOTE = { type: 'planning', postcode: 'LS1 4AP', wordCount: 250 };
const SATURATION_CONNECTIONS = 32;
const FIXED_RATE_CONNECTIONS = 8;
/** Client addresses the quote load comes from (both sides send the same headers). */
const CLIENT_ADDRESSES = 4096;

/**
 * POST /api/v1/quote beside a bare Koa app answering a static JSON body of the same size (the HTTP stack's
 * ceiling on this machine): requests per second at saturation, then p50/p99 at a fixed moderate rate (a
 * quarter of the slower one's saturation rate, the same for both). The load comes from many client addresses,
 * as it would in production, where one address may ask for 20 quotes a minute: one address at saturation would
 * measure the lock on its single rate-limit counter row, not the API.
 */
export async function quoteScenario(ctx: BenchContext) {
  const { services, seconds, warmupSeconds } = ctx;
  const quoteUrl = `${services.apiUrl}/api/v1/quote`;
  const size = JSON.stringify(await call(quoteUrl, post(QUOTE))).length;
  const bareUrl = await services.startBareKoa(size);
  const api = { url: quoteUrl, method: 'POST' as const, body: QUOTE, clientAddresses: CLIENT_ADDRESSES };
  const bare = { url: bareUrl, clientAddresses: CLIENT_ADDRESSES };
  await load({ ...api, label: 'quote warm-up', seconds: warmupSeconds, connections: 16 });
  await load({ ...bare, label: 'bare Koa warm-up', seconds: warmupSeconds, connections: 16 });

  const connections = SATURATION_CONNECTIONS;
  const apiMax = await load({ ...api, label: 'quote saturation', seconds, connections });
  const bareMax = await load({ ...bare, label: 'bare Koa saturation', seconds, connections });
  const rate = Math.max(50, Math.round(Math.min(apiMax.requestsPerSecond, bareMax.requestsPerSecond) / 4));
  const fixed = { seconds, connections: FIXED_RATE_CONNECTIONS, rate };
  const apiFixed = await load({ ...api, ...fixed, label: 'quote fixed rate' });
  const bareFixed = await load({ ...bare, ...fixed, label: 'bare Koa fixed rate' });
  const saturationRatio = ratio(apiMax.requestsPerSecond, bareMax.requestsPerSecond);
  const targets: TargetResult[] = [
    { target: 'quote ≥ 0.5× bare Koa (req/s)', actual: `${saturationRatio}×`, met: saturationRatio >= 0.5 },
  ];
  return {
    name: 'quote',
    responseBytes: size,
    clientAddresses: CLIENT_ADDRESSES,
    saturation: {
      connections,
      api: apiMax,
      bareKoa: bareMax,
      ratio: saturationRatio,
    },
    fixedRate: {
      requestsPerSecond: rate,
      connections: FIXED_RATE_CONNECTIONS,
      api: apiFixed,
      bareKoa: bareFixed,
      p99Ratio: ratio(apiFixed.p99, bareFixed.p99),
    },
    targets,
  };
}
