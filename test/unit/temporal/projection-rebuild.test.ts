import { orderWorkflowsQuery } from '../../../src/temporal/projection-rebuild';

describe('orderWorkflowsQuery', () => {
  test('lists every order workflow, or one organisation’s', () => {
    expect(orderWorkflowsQuery()).toBe(`WorkflowType = 'orderWorkflow'`);
    expect(orderWorkflowsQuery('org_3fK9abc')).toBe(
      `WorkflowType = 'orderWorkflow' AND OrganisationId = 'org_3fK9abc'`,
    );
  });

  test('refuses anything but an organisation id, so nothing can be spliced into the query', () => {
    for (const bad of ["org_x' OR 'a'='a", 'org_', 'ord_abc', '', `org_${'a'.repeat(65)}`]) {
      expect(() => orderWorkflowsQuery(bad)).toThrow(RangeError);
    }
  });
});
