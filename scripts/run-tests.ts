// Runs every test file of the project with Node's test runner. Unit tests sit beside the code
// (src/**/*.test.ts); end-to-end tests that start the real daemons live in test/.
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';

const files = [...globSync('src/**/*.test.ts'), ...globSync('test/**/*.test.ts')].sort();
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--test-timeout=180000', ...files, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
