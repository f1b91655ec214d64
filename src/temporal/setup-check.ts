import type { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';

/** temporal.api.enums.v1.IndexedValueType's names, from 1 (@temporalio/proto is only a transitive dependency). */
const TYPE_NAMES = ['Text', 'Keyword', 'Int', 'Double', 'Bool', 'Datetime', 'KeywordList'] as const;
export type SearchAttributeTypeName = (typeof TYPE_NAMES)[number];
type Indexed = Record<SearchAttributeTypeName, number>;
export const INDEXED_VALUE_TYPE = Object.fromEntries(TYPE_NAMES.map((n, i) => [n, i + 1])) as Indexed;

const NOT_FOUND = 5;

/**
 * A namespace missing, or without a search attribute our workflows set (or of another type): every start would
 * fail, so the API and the worker refuse to start; the message lists the commands that fix it.
 */
export class TemporalSetupError extends Error {
  constructor(
    readonly problems: string[],
    readonly commands: string[],
  ) {
    super(
      `Temporal is not set up for this service: ${problems.join('; ')}. ` +
        `Run: ${commands.join(' && ')} (Temporal Cloud: add them in the namespace's settings or with tcld).`,
    );
    this.name = 'TemporalSetupError';
  }
}

function createCommands(namespace: string, missing: Array<[string, SearchAttributeTypeName]>): string[] {
  // The CLI takes many --name but one --type: one command per type.
  const byType = new Map<SearchAttributeTypeName, string[]>();
  for (const [name, type] of missing) byType.set(type, [...(byType.get(type) ?? []), name]);
  return [...byType].map(
    ([type, names]) =>
      `temporal operator search-attribute create --namespace ${namespace} ` +
      `${names.map((n) => `--name ${n}`).join(' ')} --type ${type}`,
  );
}

/** TemporalSetupError unless `namespace` has every search attribute our workflows set, of its type. */
export async function checkTemporalSetup(
  connection: Pick<Connection, 'workflowService' | 'operatorService'>,
  namespace: string,
): Promise<void> {
  const all = Object.entries(SEARCH_ATTRIBUTES);
  try {
    await connection.workflowService.describeNamespace({ namespace });
  } catch (err) {
    if ((err as { code?: unknown }).code !== NOT_FOUND) throw err;
    throw new TemporalSetupError(
      [`namespace ${namespace} does not exist`],
      [`temporal operator namespace create --namespace ${namespace}`, ...createCommands(namespace, all)],
    );
  }
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const registered = customAttributes ?? {};
  const missing = all.filter(([name]) => registered[name] == null);
  const retyped = all.filter(
    ([name, type]) => registered[name] != null && Number(registered[name]) !== INDEXED_VALUE_TYPE[type],
  );
  if (!missing.length && !retyped.length) return;
  const problems = retyped.map(
    ([name, type]) =>
      `search attribute ${name} is a ${TYPE_NAMES[Number(registered[name]) - 1] ?? 'another type'}, not a ${type}`,
  );
  if (missing.length) {
    problems.unshift(`namespace ${namespace} has no search attribute ${missing.map(([n]) => n).join(', ')}`);
  }
  const commands = [
    ...retyped.map(
      ([name]) => `temporal operator search-attribute remove --namespace ${namespace} --name ${name}`,
    ),
    ...createCommands(namespace, [...missing, ...retyped]),
  ];
  throw new TemporalSetupError(problems, commands);
}
