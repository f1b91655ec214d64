import path from 'node:path';

/** One of our modules to run on a worker thread, with tsx's loader when we run from TypeScript sources. */
export function threadModule(dir: string, name: string): { filename: string; execArgv: string[] } {
  const extension = path.extname(__filename);
  return {
    filename: path.join(dir, `${name}${extension}`),
    execArgv: extension === '.ts' ? ['--require', 'tsx/cjs'] : [],
  };
}
