// /debug/pprof/: an index, /debug/pprof/profile?seconds=N (V8 CPU profile) and /debug/pprof/heap
// (V8 heap snapshot). Served behind authentication and authorization on the secure port, and
// without either on --debug-socket-path.
import { requestContext, type Request, type Response } from '../serving/request-context.ts';
import { writeStatus, writeText } from '../serving/responses.ts';
import { badRequest, conflictMessage, pathNotFound } from '../../machinery/status.ts';
import { cpuProfile, heapSnapshot, ProfileBusyError } from './profiles.ts';

const PREFIX = '/debug/pprof';

const PROFILES: Array<[string, string]> = [
  ['profile', 'CPU profile (V8 .cpuprofile). Add ?seconds=N for the duration (default 30).'],
  ['heap', 'A snapshot of the JavaScript heap (V8 .heapsnapshot).'],
];

function indexPage(): string {
  const rows = PROFILES.map(([name, help]) => `<tr><td><a href="${name}">${name}</a></td><td>${help}</td></tr>`).join('\n');
  return `<html>\n<head><title>/debug/pprof/</title></head>\n<body>\n/debug/pprof/<br>\n<br>\nTypes of profiles available:\n<table>\n${rows}\n</table>\n</body>\n</html>\n`;
}

function sendFile(res: Response, name: string, body: string | Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Serves the path if it is under /debug/pprof; returns false otherwise. */
export async function servePprof(req: Request, res: Response, path: string, query: URLSearchParams): Promise<boolean> {
  if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return false;
  const name = path.slice(PREFIX.length).replace(/^\/+/, '');
  if (name === '') {
    if (path === PREFIX) {
      res.statusCode = 301;
      res.setHeader('Location', `${PREFIX}/`);
      res.end();
      return true;
    }
    writeText(res, 200, indexPage(), 'text/html; charset=utf-8');
    return true;
  }
  if (name === 'profile') {
    const given = query.get('seconds');
    const seconds = given === null ? 30 : Number(given);
    if (!Number.isInteger(seconds) || seconds <= 0) {
      writeStatus(req, res, badRequest('invalid value for "seconds"'));
      return true;
    }
    try {
      sendFile(res, 'profile.cpuprofile', await cpuProfile(seconds, requestContext(req).signal));
    } catch (err) {
      if (!(err instanceof ProfileBusyError)) throw err;
      // Go's pprof answers 500; a profile already running is a conflict, not a fault.
      writeStatus(req, res, conflictMessage(err.message));
    }
    return true;
  }
  if (name === 'heap') {
    sendFile(res, 'heap.heapsnapshot', await heapSnapshot());
    return true;
  }
  writeStatus(req, res, pathNotFound('Unknown profile'));
  return true;
}
