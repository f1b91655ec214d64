import type { Client } from '@temporalio/client';
import type {
  billingEmailVerificationWorkflow,
  signInMailWorkflow,
} from '../workflows/sign-in-mail.workflow';
import { sha256Hex } from '../ids';
import { startOnce } from './client';

/**
 * Queues a sign-in request's e-mails without waiting: the same work whether or not the address is a member's.
 * One workflow per address at a time: a request while one runs adds nothing.
 */
export async function queueSignInMail(client: Client, taskQueue: string, email: string): Promise<void> {
  await startOnce<typeof signInMailWorkflow>(client, 'signInMailWorkflow', {
    workflowId: signInMailWorkflowId(email),
    taskQueue,
    args: [email],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    workflowExecutionTimeout: '20 minutes',
  });
}

export const signInMailWorkflowId = (email: string) =>
  `sign-in-mail-${sha256Hex(email.toLowerCase()).slice(0, 32)}`;

export const billingEmailVerificationWorkflowId = (organisationId: string) =>
  `billing-email-verification-${organisationId}`;

/** Queues the billing e-mail's verification; a newer request replaces one running (the address may differ). */
export async function queueBillingEmailVerification(
  client: Client,
  taskQueue: string,
  organisationId: string,
): Promise<void> {
  await client.workflow.start<typeof billingEmailVerificationWorkflow>('billingEmailVerificationWorkflow', {
    workflowId: billingEmailVerificationWorkflowId(organisationId),
    taskQueue,
    args: [organisationId],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    workflowIdConflictPolicy: 'TERMINATE_EXISTING',
    workflowExecutionTimeout: '20 minutes',
  });
}
