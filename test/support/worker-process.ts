import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface WorkerProcess {
  child: ChildProcess;
  /** The last 20 KB the process wrote (stdout and stderr): what to print when a test fails. */
  output(): string;
  /** SIGKILL: the process dies at once, mid-task, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful shutdown. */
  stop(): Promise<void>;
}

/**
 * The production worker entry (src/entry/worker.ts through tsx) as a separate process on `taskQueue`, against
 * the run's database and Temporal dev server. Resolves once it logs that it is polling.
 */
export async function spawnWorkerProcess(
  taskQueue: string,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/entry/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: taskQueue,
      WORKER_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start in time:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
      if (output.includes('worker polling')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  // Keep draining the pipes so a chatty worker never blocks on a full buffer; the last 20 KB stay readable.
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
