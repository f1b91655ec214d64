#!/usr/bin/env node
// Runs the compiled CLI when the project has been built, else the TypeScript sources through tsx.
const fs = require('node:fs');
const path = require('node:path');

const compiled = path.join(__dirname, '..', 'dist', 'src', 'cli', 'notices.js');
if (fs.existsSync(compiled)) {
  require(compiled)
    .main(process.argv.slice(2))
    .then((code) => process.exit(code));
} else {
  require('tsx/cjs');
  require('../src/cli/notices.ts')
    .main(process.argv.slice(2))
    .then((code) => process.exit(code));
}
