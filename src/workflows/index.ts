/** Every workflow the worker registers (its `workflowsPath`). */
export { orderWorkflow } from './order.workflow';
