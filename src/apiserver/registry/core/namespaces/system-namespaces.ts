// The namespaces every cluster has, created after start-up when missing.
import { klog } from '../../../../component-base/logs/klog.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { NamespaceAccess } from '../../../admission/namespace-access.ts';
import { reconcileRacing } from '../../bootstrap-reconcile.ts';

const log = klog('registry/namespaces');

/** Kubernetes: default, kube-system, kube-public, kube-node-lease. */
export const SYSTEM_NAMESPACES: readonly string[] = ['default', 'orch-system', 'orch-public', 'orch-node-lease'];

export interface SystemNamespacesHook extends PostStartHook {
  /** Settles once the system namespaces exist. */
  ready: Promise<void>;
}

export function systemNamespacesHook(namespaces: NamespaceAccess): SystemNamespacesHook {
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  return {
    name: 'start-system-namespaces-controller',
    ready,
    async run() {
      for (const name of SYSTEM_NAMESPACES) {
        // Another API server starting at the same moment may create it first.
        await reconcileRacing(async () => {
          if (await namespaces.get(name)) return;
          await namespaces.create(name);
          log.info('Created system namespace', { namespace: name }, 2);
        });
      }
      resolveReady();
    },
  };
}
