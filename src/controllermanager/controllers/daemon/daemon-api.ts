// The server writes the daemon set controller makes besides creating and deleting pods, behind
// one interface so its decisions can be tested without a server: revisions (create, read, update,
// delete, adopt and release), the set itself (read fresh, write status), and pod patches.
import type { ControllerRevision, DaemonSet } from '../../../api/apps/v1/types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import { CONTROLLER_REVISIONS, ControllerHistory } from '../history/controller-history.ts';

export const DAEMON_SETS = { group: 'apps', version: 'v1', resource: 'daemonsets' };

export interface DaemonApi {
  getDaemonSet(namespace: string, name: string): Promise<DaemonSet>;
  updateDaemonSetStatus(ds: DaemonSet): Promise<DaemonSet>;
  createRevision(revision: ControllerRevision): Promise<ControllerRevision>;
  getRevision(namespace: string, name: string): Promise<ControllerRevision>;
  updateRevision(revision: ControllerRevision): Promise<ControllerRevision>;
  deleteRevision(namespace: string, name: string): Promise<void>;
  /** Adoption and release of revisions. */
  history: Pick<ControllerHistory, 'adopt' | 'release'>;
}

export function restDaemonApi(client: RestClient, revisionCache: Indexer<ControllerRevision>, signal: AbortSignal): DaemonApi {
  const sets = (ns: string | undefined) => new ResourceClient<DaemonSet>(client, DAEMON_SETS, ns);
  const revisions = (ns: string | undefined) => new ResourceClient<ControllerRevision>(client, CONTROLLER_REVISIONS, ns);
  return {
    getDaemonSet: (ns, name) => sets(ns).get(name, signal),
    updateDaemonSetStatus: (ds) => {
      const path = `${sets(ds.metadata.namespace).path}/${encodeURIComponent(ds.metadata.name ?? '')}/status`;
      return client.request<DaemonSet>({ method: 'PUT', path, body: { ...ds, apiVersion: 'apps/v1', kind: 'DaemonSet' }, signal });
    },
    createRevision: (revision) => revisions(revision.metadata.namespace).create(revision, signal),
    getRevision: (ns, name) => revisions(ns).get(name, signal),
    updateRevision: (revision) => revisions(revision.metadata.namespace).update({ ...revision, apiVersion: 'apps/v1', kind: 'ControllerRevision' }, signal),
    deleteRevision: async (ns, name) => void (await revisions(ns).delete(name, signal)),
    history: new ControllerHistory(client, revisionCache, signal),
  };
}
