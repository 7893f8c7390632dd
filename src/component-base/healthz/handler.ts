// /healthz, /livez and /readyz as Kubernetes serves them: "ok", or with ?verbose one line per
// check and "<name> check passed"; ?exclude=NAME skips a check; /<name>/<check> runs one check;
// any failure is a 500 with the verbose listing and "[-]<check> failed: reason withheld".
import { klog } from '../logs/klog.ts';
import type { Request, Response } from '../serving/request-context.ts';
import { writeText } from '../serving/responses.ts';
import type { HealthCheck } from './checks.ts';

const log = klog('healthz');

function quoted(names: string[]): string {
  return names.map((n) => JSON.stringify(n)).join(',');
}

async function runCheck(check: HealthCheck): Promise<Error | undefined> {
  try {
    await check.check();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Serves `/<name>` and `/<name>/<check>`; returns false when the path is not its own. */
export function serveHealth(name: string, checks: () => HealthCheck[], req: Request, res: Response, path: string, query: URLSearchParams): Promise<boolean> | boolean {
  const root = `/${name}`;
  if (path === root || path === `${root}/`) return serveRoot(name, checks(), req, res, query).then(() => true);
  if (!path.startsWith(`${root}/`)) return false;
  const checkName = path.slice(root.length + 1);
  const check = checks().find((c) => c.name === checkName);
  if (!check) return false;
  return runCheck(check).then((err) => {
    if (err) writeText(res, 500, `internal server error: ${err.message}\n`);
    else writeText(res, 200, 'ok');
    return true;
  });
}

async function serveRoot(name: string, checks: HealthCheck[], _req: Request, res: Response, query: URLSearchParams): Promise<void> {
  const excluded = new Set(query.getAll('exclude').flatMap((e) => e.split(',')).map((e) => e.trim()).filter(Boolean));
  let out = '';
  let failedLog = '';
  const failed: string[] = [];
  const results = await Promise.all(checks.map((c) => (excluded.has(c.name) ? Promise.resolve(undefined) : runCheck(c))));
  checks.forEach((c, i) => {
    if (excluded.has(c.name)) {
      excluded.delete(c.name);
      out += `[+]${c.name} excluded: ok\n`;
      return;
    }
    const err = results[i];
    if (err) {
      out += `[-]${c.name} failed: reason withheld\n`;
      failedLog += `[-]${c.name} failed: ${err.message}\n`;
      failed.push(c.name);
    } else {
      out += `[+]${c.name} ok\n`;
    }
  });
  if (excluded.size > 0) out += `warn: some health checks cannot be excluded: no matches for ${quoted([...excluded].sort())}\n`;
  if (failed.length) {
    log.info(`${failed.join(',')} check failed: ${name}\n${failedLog}`, undefined, 2);
    writeText(res, 500, `${out}${name} check failed\n`);
    return;
  }
  if (!query.has('verbose')) {
    writeText(res, 200, 'ok');
    return;
  }
  writeText(res, 200, `${out}${name} check passed\n`);
}
