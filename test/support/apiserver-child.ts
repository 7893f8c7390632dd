// A child process running the API server from a JSON values record (argv[2]); prints
// "LISTENING <port>" once bound, and exits with runApiserver's code, or 1 with a one-line error.
// With argv[3] = "slow-api", /api and /apis answer after ?delayMs= (watches stream until their
// signal aborts, or forever with ?stubborn=true),
// so tests can hold requests in flight across a real SIGTERM.
import { runApiserver } from '../../src/apiserver/server/run.ts';
import { applyLoggingOptions } from '../../src/component-base/logs/logging-options.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';
import { requestContext, type Handler } from '../../src/component-base/serving/request-context.ts';
import { writeChunk, writeJson } from '../../src/component-base/serving/responses.ts';

const slowApi: Handler = async (req, res) => {
  const ctx = requestContext(req);
  const query = new URL(req.url ?? '/', 'https://x').searchParams;
  const delay = Number(query.get('delayMs') ?? 0);
  if (ctx.requestInfo?.verb === 'watch') {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    writeChunk(res, '{"type":"BOOKMARK"}\n');
    // ?stubborn=true: a watch that ignores its signal, so the server must cut it.
    if (query.get('stubborn') === 'true') return new Promise<void>(() => {});
    await new Promise<void>((resolve) => ctx.signal?.addEventListener('abort', () => resolve(), { once: true }));
    res.end();
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, delay));
  writeJson(req, res, 200, { done: true });
};

const values = JSON.parse(process.argv[2] ?? '{}');
// Bad logging flags end the child like any other start-up error.
Promise.resolve()
  .then(() => {
    const options = apiserverOptions(values);
    applyLoggingOptions(options.logging);
    return runApiserver(options, {
      apiHandler: process.argv[3] === 'slow-api' ? slowApi : undefined,
      onStarted: (_server, info) => process.stdout.write(`LISTENING ${info.port}\n`),
    });
  })
  .then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`Error: ${err.message}\n`);
      process.exit(1);
    },
  );
