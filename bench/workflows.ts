/** The order engine's ceiling: a workflow that does nothing, started raw with client.workflow.start. */
export async function benchNoopWorkflow(): Promise<string> {
  return 'done';
}
