// A child process running the API server from a JSON values record (argv[2]); prints
// "LISTENING <port>" once bound, and exits with runApiserver's code, or 1 with a one-line error.
import { runApiserver } from '../../src/apiserver/server/run.ts';

const values = JSON.parse(process.argv[2] ?? '{}');
runApiserver(values, {
  onStarted: (_server, info) => process.stdout.write(`LISTENING ${info.port}\n`),
}).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`Error: ${err.message}\n`);
    process.exit(1);
  },
);
