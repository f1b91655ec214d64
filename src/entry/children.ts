import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Runs one of our entry points (api, worker) as a child process, from the TypeScript sources through tsx
 * or from the compiled files, whichever this process itself runs from.
 */
export function spawnEntry(name: 'api' | 'worker', env: NodeJS.ProcessEnv): ChildProcess {
  const compiled = __filename.endsWith('.js');
  const file = path.join(__dirname, `${name}.${compiled ? 'js' : 'ts'}`);
  const args = compiled ? [file] : ['--import', 'tsx', file];
  // The IPC channel is how a child notices that we are gone (even after a SIGKILL) and stops itself.
  return spawn(process.execPath, args, { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs` (its own shutdown deadline and a margin). */
export function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
