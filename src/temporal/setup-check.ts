import type { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';

export type SearchAttributeTypeName =
  'Keyword' | 'Text' | 'Int' | 'Double' | 'Bool' | 'Datetime' | 'KeywordList';

/** temporal.api.enums.v1.IndexedValueType (@temporalio/proto is only a transitive dependency). */
export const INDEXED_VALUE_TYPE: Record<SearchAttributeTypeName, number> = {
  Text: 1,
  Keyword: 2,
  Int: 3,
  Double: 4,
  Bool: 5,
  Datetime: 6,
  KeywordList: 7,
};

const TYPE_NAME = Object.fromEntries(Object.entries(INDEXED_VALUE_TYPE).map(([name, n]) => [n, name]));

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

const codeOf = (err: unknown) => (err as { code?: unknown }).code;

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

/**
 * Checks that `namespace` exists with every search attribute in `wanted` of its type: TemporalSetupError when
 * not; any other failure (Temporal unreachable) is thrown as it came.
 */
export async function checkTemporalSetup(
  connection: Pick<Connection, 'workflowService' | 'operatorService'>,
  namespace: string,
  wanted: Readonly<Record<string, SearchAttributeTypeName>> = SEARCH_ATTRIBUTES,
): Promise<void> {
  const all = Object.entries(wanted);
  try {
    await connection.workflowService.describeNamespace({ namespace });
  } catch (err) {
    if (codeOf(err) !== NOT_FOUND) throw err;
    throw new TemporalSetupError(
      [`namespace ${namespace} does not exist`],
      [`temporal operator namespace create --namespace ${namespace}`, ...createCommands(namespace, all)],
    );
  }
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const registered = customAttributes ?? {};
  const missing = all.filter(([name]) => registered[name] === undefined || registered[name] === null);
  const retyped = all.filter(
    ([name, type]) => registered[name] != null && Number(registered[name]) !== INDEXED_VALUE_TYPE[type],
  );
  if (!missing.length && !retyped.length) return;
  const problems = [
    ...(missing.length
      ? [`namespace ${namespace} has no search attribute ${missing.map(([n]) => n).join(', ')}`]
      : []),
    ...retyped.map(
      ([name, type]) =>
        `search attribute ${name} is a ${TYPE_NAME[Number(registered[name])] ?? 'another type'}, not a ${type}`,
    ),
  ];
  const commands = [
    ...retyped.map(
      ([name]) => `temporal operator search-attribute remove --namespace ${namespace} --name ${name}`,
    ),
    ...createCommands(namespace, [...missing, ...retyped]),
  ];
  throw new TemporalSetupError(problems, commands);
}
