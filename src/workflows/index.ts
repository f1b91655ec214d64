/** Every workflow the worker registers (its `workflowsPath`). */
export { orderWorkflow } from './order.workflow';
export { orderAnnouncementWorkflow } from './announcement.workflow';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { simulatedNewspaperWorkflow } from './simulated-newspaper.workflow';
export { closedOrderPaymentWorkflow } from './closed-order-payment.workflow';
export { billingEmailVerificationWorkflow, signInMailWorkflow } from './sign-in-mail.workflow';
export { webhookSampleWorkflow } from './webhook-sample';
