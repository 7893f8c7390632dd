// The bootstrap-signer controller, as Kubernetes 1.35 runs it (off by default): the `cluster-info`
// ConfigMap of orch-public carries a detached JWS of its `kubeconfig` for every bootstrap token
// in orch-system that may sign (usage-bootstrap-signing, not expired), so a joining node can trust
// it; signatures of tokens that no longer may sign are removed. The map changing, or any
// bootstrap token Secret changing, queues one resync; one worker; a failed write waits for the
// next change, as in Kubernetes.
import type { ConfigMap } from '../../../api/core/v1/configmap-types.ts';
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { signedClusterInfo } from './cluster-info-signatures.ts';
import { isBootstrapTokenSecret, signingToken } from './token-secrets.ts';

const log = klog('controllermanager/bootstrapsigner');

export const CONTROLLER_NAME = 'bootstrap-signer-controller';
export const CLUSTER_INFO_NAMESPACE = 'orch-public';
export const CLUSTER_INFO_NAME = 'cluster-info';
const CONFIG_MAPS = { group: '', version: 'v1', resource: 'configmaps' };
const SECRETS = { group: '', version: 'v1', resource: 'secrets' };
const KEY = `${CLUSTER_INFO_NAMESPACE}/${CLUSTER_INFO_NAME}`;

export function bootstrapSignerController(opts: { clock?: Clock } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the bootstrap signer needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const configMaps = ctx.informers.informerFor<ConfigMap>(CONFIG_MAPS);
    const secrets = ctx.informers.informerFor<Secret>(SECRETS);
    const queue = new RateLimitingQueue<string>(clock);
    const onMap = (cm: ConfigMap) => cm.metadata.namespace === CLUSTER_INFO_NAMESPACE && cm.metadata.name === CLUSTER_INFO_NAME && queue.add(KEY);
    const onSecret = (s: Secret) => isBootstrapTokenSecret(s) && queue.add(KEY);
    configMaps.addEventHandler({ onAdd: onMap, onUpdate: (_old, cm) => onMap(cm) });
    secrets.addEventHandler({ onAdd: onSecret, onUpdate: (_old, s) => onSecret(s), onDelete: onSecret });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting bootstrap signer');
    await waitForSync(ctx.signal, configMaps, secrets);
    if (ctx.signal.aborted) return;

    const sign = async () => {
      const cm = configMaps.indexer.get(KEY);
      if (!cm) return;
      const now = clock.now();
      const tokens = secrets.indexer.list().filter(isBootstrapTokenSecret).flatMap((s) => signingToken(s, now) ?? []);
      const data = signedClusterInfo(cm.data, tokens);
      if (!data) return;
      try {
        await new ResourceClient<ConfigMap>(client, CONFIG_MAPS, CLUSTER_INFO_NAMESPACE).update({ ...structuredClone(cm), data }, ctx.signal);
        log.info('Signed the cluster-info ConfigMap', { tokens: tokens.length }, 2);
      } catch (err) {
        if (!isConflict(err) && !isNotFound(err)) log.info('Error updating ConfigMap', { err: (err as Error).message }, 3);
      }
    };
    for (;;) {
      const next = await queue.get();
      if (next.shutdown) break;
      try {
        await sign();
      } finally {
        queue.done(next.item);
      }
    }
    log.info('Shutting down bootstrap signer');
  };
}
