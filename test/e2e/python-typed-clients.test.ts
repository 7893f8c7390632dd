// Python's kubernetes client (Debian's python3-kubernetes), unchanged, against orch-apiserver: its
// typed APIs (CoreV1Api, AppsV1Api, BatchV1Api, NetworkingV1Api, EventsV1Api) call Kubernetes'
// group names and decode the answers into their model classes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { writeKubeconfig } from '../support/kubectl.ts';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./python/typed_clients.py', import.meta.url));

function pythonClientMissing(): string | false {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  return false;
}
const skip = pythonClientMissing();

let s: CoreApiserver;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
});
after(async () => {
  if (!skip) await s.stop();
});

function runPython(config: string, namespace: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(PYTHON, [SCRIPT, config, namespace], { timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout))),
  );
}

test('the typed clients create and read deployments, jobs, ingresses, events and services', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-python-'));
  const config = writeKubeconfig(dir, { server: s.url, caFile: s.caFile, users: [{ name: 'admin', token: s.token }] });
  const out = JSON.parse((await runPython(config, 'default')).trim().split('\n').at(-1)!);
  assert.deepEqual(out.deployment, ['apps/v1', 'RollingUpdate', 10]);
  assert.deepEqual(out.deployments, ['py-web']);
  assert.deepEqual(out.job, ['batch/v1', 6, 1]);
  assert.deepEqual(out.ingress, ['networking.k8s.io/v1', 'py.example']);
  assert.deepEqual(out.event, ['events.k8s.io/v1', 'typed client']);
  assert.deepEqual(out.service, ['ClusterIP', true, 80]);
});
