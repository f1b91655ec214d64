/**
 * Workflow code imports the notice engine, and the Temporal SDK evaluates a workflow bundle's modules again for
 * every run it creates: loading them must build no zod schema (src/notices/lazy.ts). This loads the modules the
 * workflows import, in a fresh registry, with every use of `z` counted.
 */
async function loadCounting(load: () => Promise<void>): Promise<{ uses: () => string[] }> {
  const used: string[] = [];
  await jest.isolateModulesAsync(async () => {
    jest.doMock('zod', () => {
      const actual = jest.requireActual<typeof import('zod')>('zod');
      const z = new Proxy(actual.z, {
        get(target, key, receiver) {
          if (typeof key === 'string') used.push(key);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      return { ...actual, z };
    });
    await load();
  });
  return { uses: () => [...used] };
}

describe('the notice engine builds its schemas on first use', () => {
  afterEach(() => jest.dontMock('zod'));

  it('loading what the workflows import builds none', async () => {
    const counted = await loadCounting(async () => {
      await import('../../../src/workflows');
    });
    expect(counted.uses()).toEqual([]);
  });

  it('the first validation builds them, once', async () => {
    let notices: typeof import('../../../src/notices') | undefined;
    const counted = await loadCounting(async () => {
      notices = await import('../../../src/notices');
    });
    expect(counted.uses()).toEqual([]);
    notices!.shapeOf('tro', 'wales');
    const built = counted.uses().length;
    expect(built).toBeGreaterThan(100);
    notices!.shapeOf('hgv', 'scotland');
    notices!.fieldNames('probate');
    expect(counted.uses()).toHaveLength(built);
  });
});
