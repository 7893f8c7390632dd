// The storage class a fresh cluster offers, as kind and minikube install one: `standard`, the
// default, provisioned by the controller manager's simulated provisioner once a pod using the claim
// is scheduled. `orch up` creates it when the cluster has no storage class at all, so a stateful
// set's claims bind out of the box, and a cluster whose owner made classes of their own is left alone.
import { request } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_STORAGE_CLASS_ANNOTATION } from '../api/storage/v1/types.ts';
import type { ReadyProbe } from './readiness.ts';

const CLASSES = '/apis/storage.orch.io/v1/storageclasses';

export const STANDARD_STORAGE_CLASS = {
  apiVersion: 'storage.orch.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'standard', annotations: { [DEFAULT_STORAGE_CLASS_ANNOTATION]: 'true' } },
  provisioner: 'orch.io/simulated',
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'WaitForFirstConsumer',
  allowVolumeExpansion: true,
};

function call(probe: ReadyProbe, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, probe.server),
      {
        method,
        ca: probe.caPem,
        agent: false,
        headers: { authorization: `Bearer ${probe.token}`, ...(text ? { 'content-type': 'application/json' } : {}) },
        timeout: 5000,
      },
      (res) => {
        let out = '';
        res.on('data', (c: Buffer) => (out += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: out }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${probe.server}${path}`)));
    req.on('error', reject);
    req.end(text);
  });
}

/** Creates `standard` when no storage class exists; answers whether it did. Retries briefly while the server settles. */
export async function ensureDefaultStorageClass(probe: ReadyProbe, signal?: AbortSignal): Promise<boolean> {
  let last = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    signal?.throwIfAborted();
    try {
      const list = await call(probe, 'GET', `${CLASSES}?limit=1`);
      if (list.status === 200) {
        if ((JSON.parse(list.text) as { items?: unknown[] }).items?.length) return false;
        const created = await call(probe, 'POST', CLASSES, STANDARD_STORAGE_CLASS);
        if (created.status === 201) return true;
        if (created.status === 409) return false;
        last = `HTTP ${created.status}: ${created.text.slice(0, 200)}`;
      } else last = `HTTP ${list.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await delay(250);
  }
  throw new Error(`the default storage class could not be created (${last})`);
}
