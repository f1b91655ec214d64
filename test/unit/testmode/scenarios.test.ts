import { SCENARIO_MARKERS, testScenarioOf } from '../../../src/testmode/scenarios';

const test_ = (clientRef: string | null) => testScenarioOf({ livemode: false, clientRef });

describe('testScenarioOf', () => {
  it('reads the documented markers at the start of a test order’s clientRef', () => {
    expect(test_('test:delivery_failed')).toBe('delivery_failed');
    expect(test_('test:delivery_failed #4 retry path')).toBe('delivery_failed');
    expect(test_('test:manual')).toBe('manual');
    expect(test_('test:manual-case-9')).toBe('manual');
    expect(SCENARIO_MARKERS).toEqual({ delivery_failed: 'test:delivery_failed', manual: 'test:manual' });
  });

  it('ignores case and leading spaces', () => {
    expect(test_('TEST:Delivery_Failed')).toBe('delivery_failed');
    expect(test_('  Test:MANUAL')).toBe('manual');
  });

  it('simulates everything else, including no clientRef and markers not at the start', () => {
    expect(test_(null)).toBe('simulate');
    expect(test_('')).toBe('simulate');
    expect(test_('matter 42')).toBe('simulate');
    expect(test_('case test:manual')).toBe('simulate');
    expect(test_('test:delivery')).toBe('simulate');
    expect(test_('test: manual')).toBe('simulate');
  });

  it('never interprets a live order’s clientRef', () => {
    expect(testScenarioOf({ livemode: true, clientRef: 'test:delivery_failed' })).toBeNull();
    expect(testScenarioOf({ livemode: true, clientRef: 'test:manual' })).toBeNull();
    expect(testScenarioOf({ livemode: true, clientRef: null })).toBeNull();
  });
});
