// Writes src/types/openapi.gen.ts from the server's OpenAPI document (`hariyali openapi`),
// or with --check fails when the file differs from what the document gives: the web app's
// API types then cannot drift from the replies the server sends.
//
//   node scripts/api-types.mjs <openapi.json> [--check]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const [documentPath, mode] = process.argv.slice(2);
if (!documentPath) {
  console.error('usage: node scripts/api-types.mjs <openapi.json> [--check]');
  process.exit(2);
}
const target = fileURLToPath(new URL('../src/types/openapi.gen.ts', import.meta.url));
const header =
  '// Generated from the server\'s OpenAPI document by scripts/api-types.mjs (make api-types).\n' +
  '// Do not edit: change the reply types in server/src/http and regenerate.\n\n';

const document = JSON.parse(readFileSync(documentPath, 'utf8'));
const text = header + astToString(await openapiTS(document));

if (mode === '--check') {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(
      'src/types/openapi.gen.ts differs from the server\'s OpenAPI document.\n' +
        'Run `make api-types` and commit the result (and fix what the type checker then reports).',
    );
    process.exit(1);
  }
  console.log('src/types/openapi.gen.ts matches the OpenAPI document');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
