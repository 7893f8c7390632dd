// Audit benchmark: the cost per request of auditing at Metadata level, in process, through the
// request-info and audit filters to a handler that answers at once, with the log backend writing
// json lines to a temporary file in batch and in blocking mode. The figure is the time per
// request with auditing minus the same chain without it; batch mode includes the final flush.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAudit, type AuditPipeline } from '../src/apiserver/audit/build.ts';
import { withAudit } from '../src/apiserver/filters/with-audit.ts';
import { withRequestInfo } from '../src/apiserver/filters/with-request-info.ts';
import { requestContext } from '../src/component-base/serving/request-context.ts';
import { createMetricsRegistry } from '../src/component-base/metrics/registry.ts';
import type { FlagValues } from '../src/options/flag.ts';
import { answerOk, timePerRequestUs } from './support.ts';
import { apiserverOptions } from '../src/options/apiserver-options.ts';

const REQUESTS = 20_000;
const WARMUP = 2_000;

/** A request as the chain sees it after authentication, on an unconnected socket. */
function fakeExchange(i: number): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = `/api/v1/namespaces/default/pods/p${i}`;
  req.headers = { 'user-agent': 'bench-audit/1.0', 'x-forwarded-for': '10.0.0.1' };
  requestContext(req).user = { name: 'admin', uid: 'admin-uid', groups: ['system:masters', 'system:authenticated'] };
  requestContext(req).auditID = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
  const res = new ServerResponse(req);
  return [req, res];
}

function pipeline(dir: string, mode: string): { audit: AuditPipeline; logFile: string } {
  const policyFile = join(dir, 'policy.yaml');
  writeFileSync(policyFile, 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n');
  const logFile = join(dir, `audit-${mode}.log`);
  const values: FlagValues = {
    'audit-policy-file': policyFile,
    'audit-log-path': logFile,
    'audit-log-mode': mode,
    'audit-log-format': 'json',
    'audit-log-maxsize': 1024,
    'audit-log-batch-buffer-size': 10000,
    'audit-log-batch-max-size': 100,
    'audit-log-batch-max-wait': 1000,
  };
  const audit = buildAudit(apiserverOptions(values).audit, createMetricsRegistry({ binaryVersion: 'v1.35.0' }));
  if (!audit) throw new Error('audit pipeline not built');
  return { audit, logFile };
}

async function measureMode(dir: string, mode: string, baselineUs: number): Promise<{ us: number; bytesPerRequest: number }> {
  const { audit, logFile } = pipeline(dir, mode);
  const chain = withRequestInfo(withAudit(answerOk, audit));
  await timePerRequestUs(chain, WARMUP, fakeExchange);
  const before = statSync(logFile).size;
  const start = performance.now();
  await timePerRequestUs(chain, REQUESTS, fakeExchange);
  await audit.shutdown();
  const totalUs = ((performance.now() - start) * 1000) / REQUESTS;
  return { us: totalUs - baselineUs, bytesPerRequest: Math.round((statSync(logFile).size - before) / REQUESTS) };
}

export async function benchAudit(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-audit-'));
  try {
    const plain = withRequestInfo(answerOk);
    await timePerRequestUs(plain, WARMUP, fakeExchange);
    const baselineUs = await timePerRequestUs(plain, REQUESTS, fakeExchange);
    const batch = await measureMode(dir, 'batch', baselineUs);
    const blocking = await measureMode(dir, 'blocking', baselineUs);
    return {
      'requests per mode': REQUESTS,
      'chain without auditing (us/request)': Number(baselineUs.toFixed(2)),
      'Metadata-level audit cost, batch mode (us/request)': Number(batch.us.toFixed(2)),
      'Metadata-level audit cost, blocking mode (us/request)': Number(blocking.us.toFixed(2)),
      'audit log bytes per request (2 events)': blocking.bytesPerRequest,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchAudit());
}
