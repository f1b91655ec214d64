import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/api/openapi/document';

/**
 * The contract check of every API response the tests receive: status, JSON body and headers against the OpenAPI
 * document the code generates (the one committed as openapi.json). Undocumented statuses, fields (every response
 * object is closed) and headers are violations. Installed around global fetch by contract-setup.ts.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document

/** Transport headers every HTTP response may carry; everything else must be documented. */
const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
]);

const doc = openApiDocument() as unknown as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { binary: true } });
addFormats(ajv);
ajv.addSchema(doc, 'openapi');

const compiled = new Map<string, ValidateFunction>();
/** A validator of the schema at `pointer` in the document (`/components/schemas/Order`), compiled once. */
export function validatorAt(pointer: string): ValidateFunction {
  let v = compiled.get(pointer);
  if (!v) {
    v = ajv.compile({ $ref: `openapi#${pointer}` });
    compiled.set(pointer, v);
  }
  return v;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const templates = Object.keys(doc.paths as Json).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

const resolve = (o: Json): Json =>
  typeof o?.$ref === 'string'
    ? (o.$ref as string)
        .slice(2)
        .split('/')
        .reduce((acc: Json, k: string) => acc[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc)
    : o;

/** The problems of `value` against the schema at `pointer` (empty when it conforms). */
export function schemaProblems(pointer: string, value: unknown): string[] {
  const validate = validatorAt(pointer);
  return validate(value) ? [] : [ajv.errorsText(validate.errors?.slice(0, 5), { dataVar: '$' })];
}

export interface Exchange {
  method: string;
  /** Path and query, e.g. `/api/v1/orders?limit=2`. */
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

function errorBodyProblems(x: Exchange, code: string): string[] {
  let body: Json | undefined;
  try {
    body = JSON.parse(x.text) as Json;
  } catch {
    return ['body is not JSON'];
  }
  const ok = validatorAt('/components/schemas/Error');
  if (!ok(body)) return [`body: ${ajv.errorsText(ok.errors)}`];
  return body.code === code ? [] : [`code ${body.code}, expected ${code}`];
}

function headerProblems(x: Exchange, documented: Json): string[] {
  const problems: string[] = [];
  const names = new Map(Object.keys(documented).map((k) => [k.toLowerCase(), k]));
  for (const [name] of x.headers) {
    if (!TRANSPORT_HEADERS.has(name) && !names.has(name)) problems.push(`undocumented header ${name}`);
  }
  for (const [lower, name] of names) {
    const h = resolve(documented[name]);
    const value = x.headers.get(lower);
    if (value === null) {
      if (h.required) problems.push(`missing header ${name}`);
      continue;
    }
    const schema = h.schema ? resolve(h.schema) : undefined;
    if (schema && !ajv.validate(schema, value))
      problems.push(`header ${name}: ${ajv.errorsText(ajv.errors)}`);
  }
  return problems;
}

function bodyProblems(x: Exchange, response: Json, pointer: string): string[] {
  const content = response.content as Json | undefined;
  if (!content) return x.text === '' ? [] : ['undocumented body'];
  const type = (x.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!content[type]) return [`undocumented content type ${type}`];
  if (type !== 'application/json') return [];
  let body: unknown;
  try {
    body = JSON.parse(x.text);
  } catch {
    return ['body is not JSON'];
  }
  const validate = validatorAt(`${pointer}/content/${escape(type)}/schema`);
  return validate(body) ? [] : [`body: ${ajv.errorsText(validate.errors?.slice(0, 5), { dataVar: '$' })}`];
}

/** Every way the exchange departs from the document (empty when it conforms). */
export function contractProblems(x: Exchange): string[] {
  const path = new URL(x.url, 'http://x').pathname.replace(/^\/api/, '');
  const method = x.method.toLowerCase();
  const match = templates.find((t) => t.regex.test(path));
  // Unknown paths and methods answer the generic errors the README documents.
  if (!match) return x.status === 404 ? errorBodyProblems(x, 'not_found') : [`undocumented path ${path}`];
  const operation = (doc.paths as Json)[match.template][method] as Json | undefined;
  if (!operation) {
    if (method === 'head' || method === 'options') return [];
    return x.status === 405 ? errorBodyProblems(x, 'method_not_allowed') : [`undocumented method ${method}`];
  }
  const pointer = `/paths/${escape(match.template)}/${method}/responses/${x.status}`;
  const response = operation.responses[String(x.status)] as Json | undefined;
  if (!response) return [`undocumented status ${x.status}`];
  const resolved = resolve(response);
  return [...bodyProblems(x, resolved, pointer), ...headerProblems(x, (resolved.headers as Json) ?? {})].map(
    (p) => `${x.method} ${match.template} → ${x.status}: ${p}`,
  );
}
