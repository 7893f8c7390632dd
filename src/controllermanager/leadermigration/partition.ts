// Which lease each controller runs under during a leader migration, as Kubernetes' migrator
// decides it: a controller the configuration assigns to this component (or to `*`) is migrated
// and runs under the migration lease; one assigned to another component is not run here at all;
// every other runs under the main lease. The configuration may name a controller as --controllers
// spells it, without the -controller suffix, or by Kubernetes' older aliases. The service account
// token controller always stays under the main lease.
import type { ControllerDescriptor } from '../controller.ts';
import { COMPONENT_NAME, type LeaderMigrationConfig } from './config.ts';

/** Kubernetes' aliases that are not the name without its suffix. */
const ALIASES: Readonly<Record<string, string>> = {
  route: 'node-route-controller',
  service: 'service-lb-controller',
  nodeipam: 'node-ipam-controller',
  nodelifecycle: 'node-lifecycle-controller',
  endpoint: 'endpoints-controller',
  attachdetach: 'persistentvolume-attach-detach-controller',
  'persistentvolume-binder': 'persistentvolume-binder-controller',
  'persistentvolume-expander': 'persistentvolume-expander-controller',
  horizontalpodautoscaling: 'horizontal-pod-autoscaler-controller',
  garbagecollector: 'garbage-collector-controller',
  podgc: 'pod-garbage-collector-controller',
  csrsigning: 'certificatesigningrequest-signing-controller',
  csrapproving: 'certificatesigningrequest-approving-controller',
  csrcleaner: 'certificatesigningrequest-cleaner-controller',
  tokencleaner: 'token-cleaner-controller',
  bootstrapsigner: 'bootstrap-signer-controller',
  'pv-protection': 'persistentvolume-protection-controller',
  'pvc-protection': 'persistentvolumeclaim-protection-controller',
  endpointslicemirroring: 'endpointslice-mirroring-controller',
  'root-ca-cert-publisher': 'root-ca-certificate-publisher-controller',
};

const SERVICE_ACCOUNT_TOKEN = 'serviceaccount-token-controller';

/** The --controllers name a configuration entry means. */
export function controllerNameOf(entry: string): string {
  if (ALIASES[entry]) return ALIASES[entry]!;
  return entry.endsWith('-controller') ? entry : `${entry}-controller`;
}

export type MigrationRole = 'migrated' | 'main' | 'unowned';

export function migrationRole(controller: string, config: LeaderMigrationConfig): MigrationRole {
  if (controller === SERVICE_ACCOUNT_TOKEN) return 'main';
  const leader = config.controllerLeaders.find((l) => controllerNameOf(l.name) === controller);
  if (!leader) return 'main';
  return leader.component === COMPONENT_NAME || leader.component === '*' ? 'migrated' : 'unowned';
}

export interface MigrationPartition {
  main: ControllerDescriptor[];
  migrated: ControllerDescriptor[];
  unowned: ControllerDescriptor[];
}

export function partitionControllers(controllers: readonly ControllerDescriptor[], config: LeaderMigrationConfig): MigrationPartition {
  const out: MigrationPartition = { main: [], migrated: [], unowned: [] };
  for (const c of controllers) out[migrationRole(c.name, config)].push(c);
  return out;
}
