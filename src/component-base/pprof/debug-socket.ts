// --debug-socket-path: the profiling pages on a unix-domain socket, with no authentication or
// authorization (access is governed by the socket file's permissions).
import type { Server } from 'node:http';
import { rmSync } from 'node:fs';
import { writeText } from '../serving/responses.ts';
import { klog } from '../logs/klog.ts';
import { reportInternalError } from '../logs/internal-error.ts';
import { servePprof } from './handler.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { createServer } = process.getBuiltinModule('node:http');

const log = klog('pprof/debug-socket');

export async function startDebugSocket(path: string): Promise<Server> {
  // A socket file left by a previous run would make listen fail.
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    servePprof(req, res, url.pathname, url.searchParams)
      .then((served) => {
        if (!served) writeText(res, 404, '404 page not found\n');
      })
      .catch((err: unknown) => writeText(res, 500, `${reportInternalError(log, 'Profiling request failed', err, { path: url.pathname }).message}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new Error(`failed to listen on --debug-socket-path ${path}: ${err.code ?? err.message}`)));
    server.listen(path, resolve);
  });
  return server;
}
