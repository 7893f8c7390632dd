// The root-ca-certificate-publisher: every active namespace has the config map `orch-root-ca.crt`
// whose `ca.crt` is the root CA bundle, with the description annotation. A namespace added or
// updated, or that config map changed or deleted, queues its namespace; one worker (as Kubernetes
// runs it) creates the map or puts back its data.
import type { ConfigMap } from '../../../api/core/v1/configmap-types.ts';
import type { Namespace } from '../../../api/core/v1/namespace-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { isNamespaceTerminatingError } from '../serviceaccount/serviceaccounts-controller.ts';

const log = klog('controllermanager/rootcacertpublisher');

export const CONTROLLER_NAME = 'root-ca-certificate-publisher';
export const ROOT_CA_CONFIG_MAP = 'orch-root-ca.crt';
export const DESCRIPTION_ANNOTATION = 'orch.io/description';
export const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the orch-apiserver when using internal endpoints such as the internal service IP or orch.default.svc. ' +
  'No other usage is guaranteed across distributions of orch clusters.';
const NAMESPACES = { group: '', version: 'v1', resource: 'namespaces' };
const CONFIG_MAPS = { group: '', version: 'v1', resource: 'configmaps' };

export interface RootCAPublisherOptions {
  /** The PEM bundle, or a function reading it when the controller starts. */
  rootCA: string | (() => string);
  clock?: Clock;
}

function sameData(a: Record<string, string> | undefined, b: Record<string, string>): boolean {
  const keys = Object.keys(a ?? {});
  return keys.length === Object.keys(b).length && keys.every((k) => a![k] === b[k]);
}

export function rootCACertPublisher(opts: RootCAPublisherOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the root-ca-certificate-publisher needs an API client and informers');
    const rootCA = typeof opts.rootCA === 'function' ? opts.rootCA() : opts.rootCA;
    const clock = opts.clock ?? realClock;
    const namespaces = ctx.informers.informerFor<Namespace>(NAMESPACES);
    const configMaps = ctx.informers.informerFor<ConfigMap>(CONFIG_MAPS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });

    const enqueueNamespace = (ns: Namespace) => {
      if (ns.metadata?.name && ns.status?.phase !== 'Terminating') queue.add(ns.metadata.name);
    };
    const enqueueOwnMap = (cm: ConfigMap) => {
      if (cm.metadata?.name === ROOT_CA_CONFIG_MAP && cm.metadata.namespace) queue.add(cm.metadata.namespace);
    };
    namespaces.addEventHandler({ onAdd: enqueueNamespace, onUpdate: (_old, ns) => enqueueNamespace(ns) });
    configMaps.addEventHandler({ onUpdate: (_old, cm) => enqueueOwnMap(cm), onDelete: enqueueOwnMap });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, namespaces, configMaps);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();

    const data = { 'ca.crt': rootCA };
    const sync = async (name: string) => {
      const ns = namespaces.indexer.get(name);
      if (!ns || ns.status?.phase !== 'Active') return;
      const maps = new ResourceClient<ConfigMap>(client, CONFIG_MAPS, name);
      const current = configMaps.indexer.get(`${name}/${ROOT_CA_CONFIG_MAP}`);
      try {
        if (!current) {
          await maps.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIG_MAP, namespace: name, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data }, ctx.signal);
          log.info('Published the root CA', { namespace: name }, 2);
          return;
        }
        if (sameData(current.data, data) && !current.binaryData && current.metadata.annotations?.[DESCRIPTION_ANNOTATION]) return;
        const updated: ConfigMap = structuredClone(current);
        updated.data = data;
        delete updated.binaryData;
        updated.metadata.annotations = { ...updated.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION };
        await maps.update(updated, ctx.signal);
        log.info('Restored the root CA config map', { namespace: name }, 2);
      } catch (err) {
        // The namespace is going away: nothing to publish into.
        if (isNotFound(err) || isNamespaceTerminatingError(err)) return;
        events.recorder.eventf({ apiVersion: 'v1', kind: 'Namespace', metadata: ns.metadata }, undefined, 'Warning', 'FailedPublish', 'PublishRootCA', `Error publishing ${ROOT_CA_CONFIG_MAP}: ${(err as Error).message}`);
        throw err;
      }
    };
    await runWorker(CONTROLLER_NAME, queue, sync, ctx.signal);
    await events.broadcaster.shutdown();
  };
}
