/**
 * `npm run openapi:breaking`: fails when a commit changed openapi.json in a way that breaks integrators, unless
 * its message says `[breaking-api]` or it is listed, with the reason, in openapi-breaks-accepted.txt (for a commit
 * already made whose message cannot change without rewriting history others build on). Every commit that changed the file since this check was added is compared
 * with its parent (a merge: with each parent) by oasdiff (`scripts/ensure-oasdiff.sh`), so no unmarked break can
 * land in any commit.
 *
 * Webhooks are judged from the receiver's side: oasdiff reads a `webhooks` payload as a request we receive, so a
 * field we start sending would count as "a new required request property" and a field we stop sending would
 * pass. Each document is therefore checked twice: its paths as they are, and its webhooks rewritten as
 * responses (`GET /webhooks/<event>` answering the payload), where a removed or retyped field is the break.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Doc = Record<string, unknown> & { paths?: object; webhooks?: Record<string, Record<string, Operation>> };
interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

const MARK = '[breaking-api]';
const ACCEPTED_FILE = path.join(__dirname, 'openapi-breaks-accepted.txt');
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** The API as a receiver of our webhooks sees it: each event a GET whose 200 response is the payload. */
function receiverView(doc: Doc): Doc {
  const paths: Record<string, object> = {};
  for (const [event, item] of Object.entries(doc.webhooks ?? {})) {
    const schema = item.post?.requestBody?.content?.['application/json']?.schema ?? {};
    paths[`/webhooks/${event}`] = {
      get: { responses: { '200': { description: event, content: { 'application/json': { schema } } } } },
    };
  }
  return { ...doc, paths, webhooks: undefined };
}

function breaking(base: Doc, revision: Doc, dir: string): string {
  const problems: string[] = [];
  for (const [name, view] of [
    ['paths', (d: Doc): Doc => ({ ...d, webhooks: undefined })],
    ['webhooks', receiverView],
  ] as const) {
    const a = path.join(dir, `base-${name}.json`);
    const b = path.join(dir, `revision-${name}.json`);
    writeFileSync(a, JSON.stringify(view(base)));
    writeFileSync(b, JSON.stringify(view(revision)));
    try {
      execFileSync('oasdiff', ['breaking', a, b, '--fail-on', 'WARN'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      problems.push(`${name}:\n${e.stdout || e.stderr || e.message}`);
    }
  }
  return problems.join('\n');
}

/** The document as a commit has it, or null where the file did not exist yet. */
function documentAt(ref: string): Doc | null {
  try {
    return JSON.parse(git('show', `${ref}:openapi.json`)) as Doc;
  } catch {
    return null;
  }
}

/**
 * What a commit broke: compared with its parent, or, for a merge, with each parent. A merge breaks only what it
 * breaks against every side: a change it brings in from one branch was judged (and marked, if meant) in that
 * branch's own commit, while a break its resolution makes itself shows against both.
 */
function breaksOf(commit: string, dir: string): string {
  const revision = documentAt(commit);
  if (!revision) return '';
  const parents = git('rev-parse', `${commit}^@`).split('\n').filter(Boolean);
  const found = parents.map((parent) => {
    const base = documentAt(parent);
    return base ? breaking(base, revision, dir) : '';
  });
  return found.every(Boolean) ? found[0]! : '';
}

/** Commits accepted after the fact: `<full hash> <why the break is meant>` a line; `#` starts a comment. */
function acceptedCommits(): Set<string> {
  if (!existsSync(ACCEPTED_FILE)) return new Set();
  const lines = readFileSync(ACCEPTED_FILE, 'utf8').split('\n');
  return new Set(lines.filter((line) => /^[0-9a-f]{40}\s+\S/.test(line)).map((line) => line.slice(0, 40)));
}

function main() {
  const accepted = acceptedCommits();
  const since = git('log', '--diff-filter=A', '--format=%H', '--', 'scripts/openapi-breaking.ts')
    .split('\n')
    .pop();
  const range = since ? `${since}^..HEAD` : 'HEAD';
  const commits = git('log', '--reverse', '--format=%H', range, '--', 'openapi.json')
    .split('\n')
    .filter(Boolean);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-breaking-'));
  let failed = false;
  for (const commit of commits) {
    const found = breaksOf(commit, dir);
    if (!found) continue;
    const message = git('log', '-1', '--format=%B', commit);
    const subject = `${commit.slice(0, 7)} ${message.split('\n')[0]}`;
    if (message.includes(MARK) || accepted.has(commit)) {
      const how = message.includes(MARK) ? `marked ${MARK}` : 'accepted in openapi-breaks-accepted.txt';
      console.log(`breaking change ${how}: ${subject}`);
      continue;
    }
    failed = true;
    console.error(
      `breaking change to openapi.json in ${subject} (mark the commit ${MARK} if meant):\n${found}`,
    );
  }
  if (failed) process.exit(1);
  console.log(`openapi.json: no unmarked breaking change in ${commits.length} change(s) checked.`);
}

main();
