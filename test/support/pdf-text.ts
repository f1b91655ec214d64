import { execFile } from 'node:child_process';

/**
 * The text of a PDF, extracted by pdf-parse (pdf.js) in a child Node process: pdf.js loads its worker with a
 * dynamic import, which jest's CommonJS sandbox cannot run, so the extractor runs as plain ESM beside it.
 */
const SCRIPT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const { text } = await parser.getText();
await parser.destroy();
process.stdout.write(text);
`;

export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: __dirname, maxBuffer: 16 * 1024 * 1024, timeout: 30_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin?.end(pdf);
  });
}
