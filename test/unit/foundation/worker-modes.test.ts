import { ConfigError, loadConfig } from '../../../src/config';

describe('WORKER_MODES: whose work a worker process takes', () => {
  const modes = (value?: string) =>
    loadConfig({ NODE_ENV: 'development', ...(value === undefined ? {} : { WORKER_MODES: value }) })
      .workerModes;

  it('takes both queues unless told otherwise (npm start, the tests)', () => {
    expect(modes()).toEqual(['live', 'test']);
    expect(modes('')).toEqual(['live', 'test']);
  });

  it('takes live or test-mode work alone, once each, in the order given', () => {
    expect(modes('live')).toEqual(['live']);
    expect(modes('test')).toEqual(['test']);
    expect(modes(' test , live,test')).toEqual(['test', 'live']);
  });

  it('refuses an unknown mode, naming the variable', () => {
    expect(() => modes('live,sandbox')).toThrow(ConfigError);
    expect(() => modes('live,sandbox')).toThrow(/WORKER_MODES/);
  });
});
