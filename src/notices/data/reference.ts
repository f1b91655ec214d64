import type { z } from 'zod';

/**
 * The law's and the newspapers' numbers come from the JSON files beside this one. Each module that reads one
 * declares it here with its schema: the data is used as typed, and `checkReferenceData()` validates every file
 * against its schema. The API and the worker call it at start-up, so a malformed file still fails fast before
 * any request, and a unit test calls it on every change.
 *
 * Why not parse at module load: workflow code imports these modules, and the Temporal SDK evaluates a
 * workflow bundle's modules again for every workflow run it creates. Parsing the 50 KB newspaper directory and
 * the notice tables there cost more of a workflow thread's time than the workflow itself (measured with the
 * hostile bench's CPU profile: module evaluation was 45% of the workflow threads' busy time, most of it these
 * parses), on the create path of every order. For the same reason each schema is declared as its builder and
 * built only by the check (../lazy.ts).
 */
const declared: Array<{ name: string; check: () => unknown }> = [];

export function referenceData<S extends z.ZodType>(name: string, schema: () => S, json: unknown): z.output<S> {
  declared.push({ name, check: () => schema().parse(json) });
  return json as z.output<S>;
}

/** Validates every declared file; throws naming the first that does not match its schema. */
export function checkReferenceData(): void {
  for (const { name, check } of declared) {
    try {
      check();
    } catch (err) {
      throw new Error(`reference data ${name} does not match its schema: ${String(err)}`, { cause: err });
    }
  }
}

/** The declared files' names (the unit test checks that every data file is declared). */
export function declaredReferenceData(): string[] {
  return declared.map((d) => d.name);
}
