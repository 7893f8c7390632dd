// An in-memory stand-in for the API server the deployment sync talks to, for unit tests: replica
// sets and deployments by namespace/name, with create, get, update (resourceVersion checked),
// deployments' /status, strategic merge patches of ownerReferences, and delete. A step of
// `settle()` plays the replica set controller and the node agent: every set gets as many pods,
// all ready and available (or as many available as `available` says).
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { Indexer } from '../../../client/cache/store.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { RestClient, RequestOptions } from '../../../client/rest/client.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { StatusError, type StatusReason } from '../../../machinery/status.ts';
import type { SyncContext } from './sync-context.ts';
import type { DeploymentCaches } from './sync-deployment.ts';

function fail(code: number, reason: StatusReason, message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason, code, message });
}

export class FakeApi {
  time = Date.UTC(2026, 10, 22, 5, 0, 0);
  readonly clock: Clock = { now: () => this.time, setTimer: () => ({ cancel: () => undefined }) };
  readonly replicaSets = new Map<string, ReplicaSet>();
  readonly deployments = new Map<string, Deployment>();
  readonly events: string[] = [];
  readonly requeues: Array<{ key: string; delayMs: number }> = [];
  private rv = 1;
  private uid = 1;

  private stamp<T extends { metadata: { resourceVersion?: string } }>(obj: T): T {
    obj.metadata.resourceVersion = String(++this.rv);
    return obj;
  }

  addDeployment(d: Deployment): Deployment {
    const stored: Deployment = structuredClone(d);
    stored.metadata.uid ??= `d-${this.uid++}`;
    stored.metadata.generation ??= 1;
    stored.status ??= {};
    this.deployments.set(`${stored.metadata.namespace}/${stored.metadata.name}`, this.stamp(stored));
    return stored;
  }

  /** Changes a deployment's spec as a client would: the generation moves on. */
  editDeployment(key: string, change: (d: Deployment) => void): void {
    const d = structuredClone(this.deployments.get(key)!);
    change(d);
    d.metadata.generation = (d.metadata.generation ?? 0) + 1;
    this.deployments.set(key, this.stamp(d));
  }

  /** Every set reports its replicas, ready; `available(rs)` of them available (all by default). */
  settle(available: (rs: ReplicaSet) => number = (rs) => rs.spec?.replicas ?? 0): void {
    for (const [key, rs] of this.replicaSets) {
      const copy = structuredClone(rs);
      const n = copy.spec?.replicas ?? 0;
      copy.status = { replicas: n, readyReplicas: available(rs), availableReplicas: available(rs), observedGeneration: copy.metadata.generation ?? 1, terminatingReplicas: 0 };
      this.replicaSets.set(key, this.stamp(copy));
    }
  }

  private request(opts: RequestOptions): unknown {
    const m = /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/(deployments|replicasets)(?:\/([^/]+))?(\/status)?$/.exec(opts.path.split('?')[0]!);
    if (!m) throw fail(404, 'NotFound', `no route ${opts.path}`);
    const [, ns, resource, name, status] = m;
    const store: Map<string, any> = resource === 'deployments' ? this.deployments : this.replicaSets;
    const key = `${ns}/${name}`;
    const body = structuredClone(opts.body) as any;
    switch (opts.method ?? 'GET') {
      case 'GET': {
        const found = store.get(key);
        if (!found) throw fail(404, 'NotFound', `${resource} "${name}" not found`);
        return structuredClone(found);
      }
      case 'POST': {
        const k = `${ns}/${body.metadata.name}`;
        if (store.has(k)) throw fail(409, 'AlreadyExists', `${resource} "${body.metadata.name}" already exists`);
        body.metadata.uid = `rs-${this.uid++}`;
        body.metadata.generation = 1;
        body.metadata.creationTimestamp = new Date(this.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
        body.status = { replicas: 0 };
        this.time += 1000;
        store.set(k, this.stamp(body));
        return structuredClone(body);
      }
      case 'PUT': {
        const old = store.get(key);
        if (!old) throw fail(404, 'NotFound', `${resource} "${name}" not found`);
        if (body.metadata.resourceVersion !== old.metadata.resourceVersion) throw fail(409, 'Conflict', 'the object has been modified');
        const next = structuredClone(old);
        if (status) {
          next.status = body.status;
          next.metadata.annotations = body.metadata.annotations;
        } else {
          next.spec = body.spec;
          next.metadata.annotations = body.metadata.annotations;
          next.metadata.labels = body.metadata.labels;
          if (JSON.stringify(old.spec) !== JSON.stringify(body.spec)) next.metadata.generation = (old.metadata.generation ?? 0) + 1;
        }
        store.set(key, this.stamp(next));
        return structuredClone(next);
      }
      case 'PATCH': {
        const old = store.get(key);
        if (!old) throw fail(404, 'NotFound', `${resource} "${name}" not found`);
        const next = structuredClone(old);
        for (const ref of body.metadata.ownerReferences ?? []) {
          const refs = (next.metadata.ownerReferences ?? []).filter((r: any) => r.uid !== ref.uid);
          next.metadata.ownerReferences = ref.$patch === 'delete' ? refs : [...refs, ref];
        }
        store.set(key, this.stamp(next));
        return structuredClone(next);
      }
      case 'DELETE':
        store.delete(key);
        return {};
    }
    throw fail(405, 'MethodNotAllowed', opts.method ?? '');
  }

  syncContext(): SyncContext {
    const client = { request: async (opts: RequestOptions) => this.request(opts) } as unknown as RestClient;
    const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _action, note) => void this.events.push(`${type} ${reason} ${note}`) };
    const cache = new Indexer<ReplicaSet>();
    const refresh = () => cache.replace([...this.replicaSets.values()].map((rs) => structuredClone(rs)));
    return {
      client,
      recorder,
      clock: this.clock,
      signal: new AbortController().signal,
      get replicaSetCache() {
        refresh();
        return cache;
      },
      enqueueAfter: (d, delayMs) => void this.requeues.push({ key: `${d.metadata.namespace}/${d.metadata.name}`, delayMs }),
      enqueueRateLimited: (d) => void this.requeues.push({ key: `${d.metadata.namespace}/${d.metadata.name}`, delayMs: 0 }),
    };
  }

  caches(): DeploymentCaches {
    return {
      deployment: (key) => this.deployments.get(key),
      replicaSetsIn: (ns) => [...this.replicaSets.values()].filter((rs) => rs.metadata.namespace === ns).map((rs) => structuredClone(rs)),
      podsIn: () => [],
    };
  }
}
