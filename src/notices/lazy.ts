/**
 * A value built on its first use and kept. The notice engine's zod schemas are built this way, not at module
 * load: the Temporal SDK evaluates a workflow bundle's modules again for every workflow run it creates, and
 * building the 24 type × nation field schemas there cost each run ~15 ms of a workflow thread and a copy of them
 * in every cached run's memory, though only a run that validates an amendment reads them.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
