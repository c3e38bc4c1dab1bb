// Writes the files generated from the registries' declared options (run after a build:
// `npm run generate`): the study schema with its per-model, -method, -metric and -formula
// parts (packages/sim/schema/study.schema.json, formatted by biome) and the reference page
// (docs/reference.md). Tests check both are current.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { referencePage } from '../packages/cli/dist/reference/referencePage.js';
import { studySchema } from '../packages/sim/dist/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaFile = `${root}packages/sim/schema/study.schema.json`;
writeFileSync(schemaFile, `${JSON.stringify(studySchema(), null, 2)}\n`);
execFileSync(`${root}node_modules/.bin/biome`, ['format', '--write', schemaFile], { stdio: 'ignore' });
writeFileSync(`${root}docs/reference.md`, referencePage());
console.log('wrote packages/sim/schema/study.schema.json and docs/reference.md');
