/**
 * Integration tests' contract check (jest setupFilesAfterEnv): every response to a request the tests send to
 * one of our API processes (`http://127.0.0.1:<port>/api/…`) is checked against the generated OpenAPI
 * document before the test sees it; any departure fails the request, so the test fails.
 */
import { contractProblems } from './contract';

const original = globalThis.fetch;
const OUR_API = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\//;

globalThis.fetch = async function contractFetch(
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<Response> {
  const res = await original(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!OUR_API.test(url) || process.env.CONTRACT_CHECK === 'off') return res;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const text = await res.clone().text();
  const problems = contractProblems({
    method,
    url: new URL(url).pathname + new URL(url).search,
    status: res.status,
    headers: res.headers,
    text,
  });
  if (problems.length > 0) {
    throw new Error(
      `Response departs from openapi.json:\n  ${problems.slice(0, 8).join('\n  ')}\n  body: ${text.slice(0, 500)}`,
    );
  }
  return res;
};
