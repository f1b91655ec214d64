/**
 * Writes the JSON schemas kubeconform validates the chart with (deploy/kubernetes/schemas/v<version>), from a
 * Kubernetes OpenAPI v2 document, for the kinds the chart renders only, as openapi2jsonschema does for
 * yannh/kubernetes-json-schema's "-standalone-strict" sets: every $ref inlined, objects closed
 * (additionalProperties: false, so a misspelt field fails), int-or-string and quantities as either type.
 *
 *   npx tsx scripts/kubernetes-schemas.ts <swagger.json> <version>
 *
 * The committed set (v1.27.0) comes from the Kubernetes 1.27 OpenAPI document that k8s.io/cli-runtime ships
 * as artifacts/openapi/swagger-with-shared-parameters.json. A kind added to the chart needs its schema here.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CHART_KINDS = [
  { group: 'apps', version: 'v1', kind: 'Deployment' },
  { group: 'batch', version: 'v1', kind: 'Job' },
  { group: '', version: 'v1', kind: 'ConfigMap' },
  { group: '', version: 'v1', kind: 'Secret' },
  { group: '', version: 'v1', kind: 'Service' },
  { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget' },
  { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
  { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy' },
] as const;

type Schema = Record<string, unknown>;
interface Gvk {
  group: string;
  version: string;
  kind: string;
}

/** kubeconform's default file name: {{.ResourceKind}}{{.KindSuffix}}.json, e.g. deployment-apps-v1.json. */
export const schemaFileName = ({ group, version, kind }: Gvk) =>
  `${kind.toLowerCase()}${group ? `-${group.split('.')[0]}` : ''}-${version}.json`;

/** The schema's own keywords, nested schemas converted, descriptions and Kubernetes extensions dropped. */
function convertKeywords(schema: Schema, definitions: Record<string, Schema>, seen: string[]): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key.startsWith('x-kubernetes-')) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, convert(v, definitions, seen)]),
      );
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = convert(value as Schema, definitions, seen);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function convert(schema: Schema, definitions: Record<string, Schema>, seen: string[]): Schema {
  const ref = schema.$ref as string | undefined;
  if (ref) {
    const name = ref.replace('#/definitions/', '');
    if (seen.includes(name)) return {}; // a recursive type (none in the chart's kinds): left open
    return convert(definitions[name]!, definitions, [...seen, name]);
  }
  if (schema.format === 'int-or-string') return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  const out = convertKeywords(schema, definitions, seen);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // Quantities ("250m", "1Gi") are written as strings or numbers.
  if (seen.at(-1) === 'io.k8s.apimachinery.pkg.api.resource.Quantity') {
    return { oneOf: [{ type: 'string' }, { type: 'number' }] };
  }
  // YAML nulls for empty lists and maps (`ingress:` with no rules) are accepted by the API server.
  if (out.type === 'array' || (out.type === 'object' && !out.properties)) out.type = [out.type, 'null'];
  return out;
}

function kindSchema(definitions: Record<string, Schema>, gvk: Gvk): Schema {
  const entry = Object.entries(definitions).find(([, d]) =>
    ((d['x-kubernetes-group-version-kind'] as Gvk[] | undefined) ?? []).some(
      (g) => g.group === gvk.group && g.version === gvk.version && g.kind === gvk.kind,
    ),
  );
  if (!entry) throw new Error(`no definition for ${gvk.group}/${gvk.version} ${gvk.kind}`);
  const schema = convert(definitions[entry[0]]!, definitions, [entry[0]]);
  const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
  const properties = schema.properties as Record<string, Schema>;
  properties.apiVersion = { type: 'string', enum: [apiVersion] };
  properties.kind = { type: 'string', enum: [gvk.kind] };
  return { $schema: 'http://json-schema.org/schema#', ...schema };
}

if (require.main === module) {
  const [spec, version] = process.argv.slice(2);
  if (!spec || !version)
    throw new Error('usage: kubernetes-schemas.ts <swagger.json> <version, e.g. 1.27.0>');
  const definitions = (JSON.parse(readFileSync(spec, 'utf8')) as { definitions: Record<string, Schema> })
    .definitions;
  const dir = path.resolve(__dirname, '..', 'deploy/kubernetes/schemas', `v${version}`);
  mkdirSync(dir, { recursive: true });
  for (const gvk of CHART_KINDS) {
    writeFileSync(path.join(dir, schemaFileName(gvk)), `${JSON.stringify(kindSchema(definitions, gvk))}\n`);
  }
  process.stdout.write(`wrote ${CHART_KINDS.length} schemas to ${dir}\n`);
}
