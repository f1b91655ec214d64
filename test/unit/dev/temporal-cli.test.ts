import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTemporalCli } from '../../../src/dev/temporal-cli';
import { silentLog } from '../../../src/dev/log';

/** Fake `temporal` binaries (shell scripts) so the lookup order is tested without the real CLI. */
describe('findTemporalCli', () => {
  let dir: string;
  const saved = { PATH: process.env.PATH, TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH };

  function fakeCli(folder: string, version: string): string {
    const file = path.join(dir, folder, 'temporal');
    rmSync(path.dirname(file), { recursive: true, force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\necho "temporal version ${version}"\n`);
    chmodSync(file, 0o755);
    return file;
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-cli-'));
    delete process.env.TEMPORAL_CLI_PATH;
    process.env.PATH = path.join(dir, 'empty');
  });
  afterEach(() => {
    process.env.PATH = saved.PATH;
    if (saved.TEMPORAL_CLI_PATH === undefined) delete process.env.TEMPORAL_CLI_PATH;
    else process.env.TEMPORAL_CLI_PATH = saved.TEMPORAL_CLI_PATH;
    rmSync(dir, { recursive: true, force: true });
  });

  const find = () => findTemporalCli({ log: silentLog, toolsBin: path.join(dir, 'tools') });

  it('prefers TEMPORAL_CLI_PATH over PATH and the project copy', async () => {
    process.env.TEMPORAL_CLI_PATH = fakeCli('env', '1.0.0-env');
    process.env.PATH = path.dirname(fakeCli('path', '1.0.0-path'));
    fakeCli('tools', '1.0.0-tools');
    await expect(find()).resolves.toEqual({
      path: process.env.TEMPORAL_CLI_PATH,
      source: 'env',
      version: 'temporal version 1.0.0-env',
    });
  });

  it('rejects a TEMPORAL_CLI_PATH that does not run', async () => {
    process.env.TEMPORAL_CLI_PATH = path.join(dir, 'missing', 'temporal');
    await expect(find()).rejects.toThrow(/TEMPORAL_CLI_PATH/);
  });

  it('takes temporal from PATH before the project copy', async () => {
    process.env.PATH = path.dirname(fakeCli('path', '1.0.0-path'));
    fakeCli('tools', '1.0.0-tools');
    await expect(find()).resolves.toMatchObject({ source: 'path', version: 'temporal version 1.0.0-path' });
  });

  it('falls back to the copy the project installed', async () => {
    const file = fakeCli('tools', '1.0.0-tools');
    await expect(find()).resolves.toEqual({
      path: file,
      source: 'project',
      version: 'temporal version 1.0.0-tools',
    });
  });

  it('skips a copy that does not run', async () => {
    const file = fakeCli('tools', 'x');
    writeFileSync(file, '#!/bin/sh\nexit 3\n');
    await expect(find()).resolves.toBeNull();
  });

  it('returns null when nothing is found and installing is not allowed', async () => {
    await expect(find()).resolves.toBeNull();
  });
});
