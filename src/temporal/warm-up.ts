import { Client, type Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const { StartWorkflowExecutionRequest, StartWorkflowExecutionResponse } = temporal.api.workflowservice.v1;

/**
 * Makes a client's first workflow start once at start-up, without sending it. A client's first start costs
 * ~100 ms of CPU (protobuf generating the codecs of the request's types, the client's code run for the first
 * time) against ~3 ms for the next; unwarmed, it fell on whichever activity started a workflow first, a long
 * task on the thread that runs every activity. The start goes through the client's own code with the options
 * the worker's starts use (policies, a summary, an object argument); the request is encoded and a started
 * answer decoded as on the wire, but nothing reaches Temporal.
 */
export async function warmUpWorkflowStarts(client: Client): Promise<void> {
  const real = client.connection.workflowService;
  const offline = new Proxy(real, {
    get(target, name, receiver) {
      if (name !== 'startWorkflowExecution') return Reflect.get(target, name, receiver);
      return async (request: temporal.api.workflowservice.v1.IStartWorkflowExecutionRequest) => {
        StartWorkflowExecutionRequest.encode(request).finish();
        const answer = { runId: '00000000-0000-4000-8000-000000000000', started: true };
        return StartWorkflowExecutionResponse.decode(StartWorkflowExecutionResponse.encode(answer).finish());
      };
    },
  });
  const connection = Object.create(client.connection as Connection, {
    workflowService: { value: offline },
  }) as Connection;
  const warm = new Client({ connection, namespace: client.options.namespace });
  await warm.workflow.start('warmUp', {
    workflowId: 'warm-up',
    taskQueue: 'warm-up',
    args: [{ orderId: 'ord_warmup', schedule: { steps: [1, 2] }, note: 'not sent' }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    staticSummary: 'Warm-up (not sent)',
  });
}
