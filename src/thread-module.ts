import path from 'node:path';

/**
 * One of our modules to run on a worker thread: the file `name` in `dir` with this build's extension, and what
 * the thread needs to load it (tsx's loader when run from TypeScript sources, in development and tests;
 * nothing compiled).
 */
export function threadModule(dir: string, name: string): { filename: string; execArgv: string[] } {
  const extension = path.extname(__filename);
  return {
    filename: path.join(dir, `${name}${extension}`),
    execArgv: extension === '.ts' ? ['--require', 'tsx/cjs'] : [],
  };
}
