import { load } from '../lib/load';
import { ratio } from '../lib/stats';
import type { BenchContext } from './context';

const QUOTE = { type: 'planning', postcode: 'LS1 4AP', wordCount: 250 };

/** POST /api/v1/quote beside a bare Koa app answering a static body of the same size. */
export async function quoteScenario(ctx: BenchContext) {
  const { services, seconds, warmupSeconds } = ctx;
  const quoteUrl = `${services.apiUrl}/api/v1/quote`;
  const size = JSON.stringify(await (await fetch(quoteUrl, post(QUOTE))).json()).length;
  const api = { url: quoteUrl, method: 'POST' as const, body: QUOTE };
  const bare = { url: services.bareKoaUrl };
  await load({ ...api, seconds: warmupSeconds, connections: 16 });
  await load({ ...bare, seconds: warmupSeconds, connections: 16 });

  const apiMax = await load({ ...api, seconds, connections: 32 });
  const bareMax = await load({ ...bare, seconds, connections: 32 });
  const rate = Math.max(50, Math.round(Math.min(apiMax.requestsPerSecond, bareMax.requestsPerSecond) / 4));
  const apiFixed = await load({ ...api, seconds, connections: 8, rate });
  const bareFixed = await load({ ...bare, seconds, connections: 8, rate });
  return {
    name: 'quote',
    responseBytes: size,
    saturation: {
      api: apiMax,
      bareKoa: bareMax,
      ratio: ratio(apiMax.requestsPerSecond, bareMax.requestsPerSecond),
    },
    fixedRate: { requestsPerSecond: rate, api: apiFixed, bareKoa: bareFixed },
    target: 'quote ≥ 0.5× bare Koa',
  };
}

export function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}
