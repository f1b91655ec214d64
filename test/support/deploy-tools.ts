import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MissingTestTool } from './test-tools';

const ROOT = path.resolve(__dirname, '../..');
const INSTALL = "bash scripts/install-test-tools.sh (needs Go and, for promtool, Debian's prometheus)";

/** The programs that check the deployment offline, installed by scripts/install-test-tools.sh. */
export const DEPLOY_TOOLS = ['helm', 'kubeconform', 'promtool', 'compose-config'] as const;
export type DeployTool = (typeof DEPLOY_TOOLS)[number];

function locate(tool: DeployTool): string | undefined {
  const local = path.join(ROOT, '.tools/bin', tool);
  if (existsSync(local)) return local;
  try {
    return execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The path of a deployment-checking tool; stops the test naming the install command when it is missing. */
export function deployTool(tool: DeployTool): string {
  const found = locate(tool);
  if (!found) throw new MissingTestTool(tool, INSTALL);
  return found;
}

/**
 * Installs whatever is missing (or out of date: compose-config is our own source) with the project's one
 * installer, which CI runs before the tests too; without it the run stops naming the command.
 */
export async function requireDeployTools(): Promise<void> {
  try {
    await promisify(execFile)('bash', [path.join(ROOT, 'scripts/install-test-tools.sh')], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const missing = DEPLOY_TOOLS.filter((tool) => !locate(tool));
    if (missing.length > 0) throw new MissingTestTool(missing.join(', '), INSTALL);
    throw err;
  }
}

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool to completion, whatever its exit status (the tests read it). */
export function runTool(tool: DeployTool, args: string[], opts: { input?: string } = {}): Run {
  try {
    const stdout = execFileSync(deployTool(tool), args, {
      cwd: ROOT,
      encoding: 'utf8',
      input: opts.input,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return { status: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    if (typeof e.status !== 'number') throw err;
    return { status: e.status, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export const REPO_ROOT = ROOT;
