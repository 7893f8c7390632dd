// The component statuses, computed on each request from the server's own health: one entry per
// storage backend (`sqlite-0`, `etcd-0`, …, as Kubernetes names its etcd entries) from its health
// check, and the controller manager and scheduler, which this server does not probe: they are API
// clients that may run anywhere, so their condition is Unknown with the reason as its error.
import type { ComponentCondition, ComponentStatus } from '../../../../api/core/v1/component-status-types.ts';
import type { HealthCheck } from '../../../../component-base/healthz/checks.ts';
import type { VirtualRead } from '../../generic/context.ts';

/** A storage backend by its kind ("sqlite", "etcd") and the check /healthz runs on it. */
export interface StorageComponent {
  name: string;
  health: HealthCheck;
}

export const UNPROBED_COMPONENTS = ['controller-manager', 'scheduler'] as const;

const NOT_PROBED = 'not probed: the API server does not reach this component; it serves its own /healthz';

function status(name: string, condition: ComponentCondition): ComponentStatus {
  return { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name }, conditions: [condition] };
}

async function storageStatus(name: string, health: HealthCheck): Promise<ComponentStatus> {
  try {
    await health.check();
    return status(name, { type: 'Healthy', status: 'True', message: 'ok' });
  } catch (err) {
    return status(name, { type: 'Healthy', status: 'False', error: err instanceof Error ? err.message : String(err) });
  }
}

/** get and list of componentstatuses over the given storage backends. */
export function componentStatuses(storage: readonly StorageComponent[]): VirtualRead<ComponentStatus> {
  const checks = new Map<string, () => Promise<ComponentStatus>>();
  for (const name of UNPROBED_COMPONENTS) checks.set(name, async () => status(name, { type: 'Healthy', status: 'Unknown', error: NOT_PROBED }));
  storage.forEach((s, i) => {
    const name = `${s.name}-${i}`;
    checks.set(name, () => storageStatus(name, s.health));
  });
  return {
    get: async (name) => checks.get(name)?.(),
    list: () => Promise.all([...checks.values()].map((c) => c())),
  };
}
