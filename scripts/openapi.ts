/**
 * `npm run openapi` writes openapi.json (the committed contract) from the code's zod schemas;
 * `npm run openapi:check` fails when the committed file differs from what the code generates.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocumentText } from '../src/api/openapi/document';

const file = path.join(__dirname, '..', 'openapi.json');
const generated = openApiDocumentText();

if (process.argv.includes('--check')) {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== generated) {
    console.error(
      'openapi.json differs from the document the code generates: run `npm run openapi` and commit it.',
    );
    process.exit(1);
  }
  console.log('openapi.json matches the code.');
} else {
  writeFileSync(file, generated);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
