// Writes docs/flags.md from the orch-apiserver option table (`npm run docs:flags`).
import { writeFileSync } from 'node:fs';
import { apiserverFlagsDoc } from '../src/options/apiserver-flags-doc.ts';

const target = new URL('../docs/flags.md', import.meta.url);
writeFileSync(target, apiserverFlagsDoc());
console.log(`wrote ${target.pathname}`);
