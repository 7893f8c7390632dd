// What every step of a deployment's sync needs: the API client, the event recorder, the clock,
// the replica set cache, and the queue for a later look. Writes go through these helpers so
// that each carries the kind and version, and a status written moves the deployment's
// resourceVersion on, so the next write of the same sync does not conflict with the first.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder, EventType } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';

export const DEPLOYMENTS = { group: 'apps', version: 'v1', resource: 'deployments' };
export const REPLICA_SETS = { group: 'apps', version: 'v1', resource: 'replicasets' };
export const PODS = { group: '', version: 'v1', resource: 'pods' };

export interface SyncContext {
  client: RestClient;
  recorder: EventRecorder;
  clock: Clock;
  signal: AbortSignal;
  replicaSetCache: Indexer<ReplicaSet>;
  enqueueAfter(d: Deployment, delayMs: number): void;
  enqueueRateLimited(d: Deployment): void;
}

export const replicaSetApi = (ctx: SyncContext, namespace: string | undefined) => new ResourceClient<ReplicaSet>(ctx.client, REPLICA_SETS, namespace);
export const deploymentApi = (ctx: SyncContext, namespace: string | undefined) => new ResourceClient<Deployment>(ctx.client, DEPLOYMENTS, namespace);

export function typedReplicaSet(rs: ReplicaSet): ReplicaSet {
  return { ...rs, apiVersion: 'apps/v1', kind: 'ReplicaSet' };
}

export function typedDeployment(d: Deployment): Deployment {
  return { ...d, apiVersion: 'apps/v1', kind: 'Deployment' };
}

/** PUT of a replica set; the answer is the stored set. */
export function updateReplicaSet(ctx: SyncContext, rs: ReplicaSet): Promise<ReplicaSet> {
  return replicaSetApi(ctx, rs.metadata.namespace).update(typedReplicaSet(rs), ctx.signal);
}

/** PUT of the deployment's /status (which also takes its annotations); `d` gets the new resourceVersion. */
export async function updateDeploymentStatus(ctx: SyncContext, d: Deployment): Promise<Deployment> {
  const api = deploymentApi(ctx, d.metadata.namespace);
  const stored = await ctx.client.request<Deployment>({
    method: 'PUT',
    path: `${api.path}/${encodeURIComponent(d.metadata.name ?? '')}/status`,
    body: typedDeployment(d),
    signal: ctx.signal,
  });
  if (stored.metadata?.resourceVersion) d.metadata.resourceVersion = stored.metadata.resourceVersion;
  return stored;
}

/** An event about the deployment, as the controller manager's recorder sends it. */
export function recordEvent(ctx: SyncContext, d: Deployment, type: EventType, reason: string, action: string, note: string): void {
  ctx.recorder.eventf({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: d.metadata }, undefined, type, reason, action, note);
}
