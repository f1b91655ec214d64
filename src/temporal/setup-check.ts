import type { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';

export type SearchAttributeTypeName =
  'Keyword' | 'Text' | 'Int' | 'Double' | 'Bool' | 'Datetime' | 'KeywordList';

/**
 * temporal.api.enums.v1.IndexedValueType numbers. Written out here because the generated enum
 * lives in @temporalio/proto, which is only a transitive dependency of ours.
 */
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

/** gRPC status codes the check tells apart (the rest mean Temporal did not answer the question). */
const NOT_FOUND = 5;

/**
 * A Temporal namespace that our workflows cannot run in: missing, or without a search attribute they set (or
 * with it under another type). Every workflow start would fail (Update-with-Start: FAILED_PRECONDITION
 * BadSearchAttributes), so the API and the worker refuse to start on it; the message lists what is missing and
 * the commands that add it.
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
 * Checks that `namespace` exists and that every search attribute in `wanted` (by default the ones our workflows
 * set) is registered there with its type. Resolves when it is so; throws TemporalSetupError when Temporal says
 * it is not; any other failure (Temporal unreachable, the call refused) is thrown as it came, for the caller to
 * decide.
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
