import { createHash } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { signInMailWorkflow } from '../workflows/sign-in-mail.workflow';

/**
 * Queues a sign-in request's e-mails on the worker (signInMailWorkflow) and returns without waiting: the same
 * work, and the same answer, whether or not the address belongs to a member. One workflow per address at a time
 * (its id is the address's hash): a request while one is still running (an SMTP outage being retried) adds nothing.
 */
export async function queueSignInMail(client: Client, taskQueue: string, email: string): Promise<void> {
  try {
    await client.workflow.start<typeof signInMailWorkflow>('signInMailWorkflow', {
      workflowId: signInMailWorkflowId(email),
      taskQueue,
      args: [email],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      workflowExecutionTimeout: '20 minutes',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

export const signInMailWorkflowId = (email: string) =>
  `sign-in-mail-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
