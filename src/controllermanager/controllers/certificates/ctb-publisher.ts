// The orch-apiserver-serving-clustertrustbundle-publisher controller, as Kubernetes 1.35 runs it
// (kube-apiserver-serving-clustertrustbundle-publisher there): the CA that verifies the API
// server's serving certificate (--root-ca-file, else the orchconfig's CA) is published as the
// ClusterTrustBundle of signer orch.io/kube-apiserver-serving, named
// `orch.io:kube-apiserver-serving:<first 12 bytes of the bundle's SHA-256 in hex>`; a bundle of the
// same name with other content is put back and every other bundle of that signer deleted. It
// runs only where the server serves certificates.orch.io/v1beta1 ClusterTrustBundles.
import { createHash } from 'node:crypto';
import type { ClusterTrustBundle } from '../../../api/certificates/v1beta1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';

const log = klog('controllermanager/ctbpublisher');

export const CONTROLLER_NAME = 'orch-apiserver-serving-clustertrustbundle-publisher-controller';
export const APISERVER_SERVING_SIGNER = 'orch.io/kube-apiserver-serving';
const CLUSTER_TRUST_BUNDLES = { group: 'certificates.orch.io', version: 'v1beta1', resource: 'clustertrustbundles' };
const KEY = 'signer';

/** The bundle's name: the signer with ':' for '/', then 24 hex digits of the bundle's hash. */
export function bundleName(signerName: string, bundle: string): string {
  return `${signerName.replaceAll('/', ':')}:${createHash('sha256').update(bundle).digest('hex').slice(0, 24)}`;
}

export interface CTBPublisherOptions {
  /** The CA bundle, or a function reading it when the controller starts. */
  rootCA: string | (() => string);
  clock?: Clock;
}

export function clusterTrustBundlePublisher(opts: CTBPublisherOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the cluster trust bundle publisher needs an API client and informers');
    const caBundle = typeof opts.rootCA === 'function' ? opts.rootCA() : opts.rootCA;
    if (!caBundle) return;
    if (!(await ctx.apiAvailable().catch(() => false))) {
      log.info('no known scheme version was found for clustertrustbundles, cannot start orch-apiserver-serving-clustertrustbundle-publisher-controller');
      return;
    }
    const clock = opts.clock ?? realClock;
    const bundles = ctx.informers.informerFor<ClusterTrustBundle>(CLUSTER_TRUST_BUNDLES);
    // Served resources are known only now, after the manager started the informers it had.
    ctx.informers.start(ctx.signal);
    const queue = new RateLimitingQueue<string>(clock);
    const mine = (b: ClusterTrustBundle) => b.spec?.signerName === APISERVER_SERVING_SIGNER;
    const enqueue = (b: ClusterTrustBundle) => mine(b) && queue.add(KEY);
    bundles.addEventHandler({ onAdd: enqueue, onUpdate: (_old, b) => enqueue(b), onDelete: enqueue });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting ClusterTrustBundle CA cert publisher controller');
    await waitForSync(ctx.signal, bundles);
    if (ctx.signal.aborted) return;

    const api = new ResourceClient<ClusterTrustBundle>(client, CLUSTER_TRUST_BUNDLES);
    const name = bundleName(APISERVER_SERVING_SIGNER, caBundle);
    const sync = async () => {
      const current = bundles.indexer.get(name);
      if (!current) {
        await api.create({ apiVersion: 'certificates.orch.io/v1beta1', kind: 'ClusterTrustBundle', metadata: { name }, spec: { signerName: APISERVER_SERVING_SIGNER, trustBundle: caBundle } }, ctx.signal);
        log.info('Published the API server serving CA', { bundle: name }, 2);
      } else if (current.spec.trustBundle !== caBundle) {
        await api.update({ ...structuredClone(current), spec: { ...current.spec, trustBundle: caBundle } }, ctx.signal);
      }
      let failure: unknown;
      for (const other of bundles.indexer.list()) {
        if (!mine(other) || other.metadata.name === name) continue;
        try {
          await api.delete(other.metadata.name ?? '', ctx.signal);
        } catch (err) {
          if (isNotFound(err)) continue;
          log.error('failed to remove a cluster trust bundle', { bundleName: other.metadata.name, err: (err as Error).message });
          failure = err;
        }
      }
      // A deletion that failed makes the sync fail, so it is tried again.
      if (failure) throw failure;
    };
    queue.add(KEY);
    await runWorker(CONTROLLER_NAME, queue, sync, ctx.signal);
    log.info('Shutting down ClusterTrustBundle CA cert publisher controller');
  };
}
