// Writes docs/flags.md (orch-apiserver) and docs/flags-controller-manager.md
// (orch-controller-manager) from the option tables (`npm run docs:flags`).
import { writeFileSync } from 'node:fs';
import { apiserverFlagsDoc } from '../src/options/apiserver-flags-doc.ts';
import { controllerManagerFlagsDoc } from '../src/options/controllermanager-flags-doc.ts';

const outputs: Array<[string, string]> = [
  ['../docs/flags.md', apiserverFlagsDoc()],
  ['../docs/flags-controller-manager.md', controllerManagerFlagsDoc()],
];
for (const [path, content] of outputs) {
  const target = new URL(path, import.meta.url);
  writeFileSync(target, content);
  console.log(`wrote ${target.pathname}`);
}
