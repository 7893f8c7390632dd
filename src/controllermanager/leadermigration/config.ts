// --leader-migration-config: a LeaderMigrationConfiguration file (controllermanager.config.orch.io,
// or the controllermanager.config.k8s.io spelling of existing files; v1, v1beta1 or v1alpha1)
// naming the lease that controllers move under (leaderName, a Lease: resourceLock "leases") and
// which component runs each moving controller. Without a file, Kubernetes' default for the
// controller manager applies: the three cloud controllers move under
// cloud-provider-extraction-migration. Parsing validates the whole file as Kubernetes does.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

const GROUPS = ['controllermanager.config.orch.io', 'controllermanager.config.k8s.io'];
const VERSIONS = ['v1', 'v1beta1', 'v1alpha1'];
export const LEADER_MIGRATION_API_VERSIONS: readonly string[] = GROUPS.flatMap((g) => VERSIONS.map((v) => `${g}/${v}`));
const KIND = 'LeaderMigrationConfiguration';
/** How this component is named in controllerLeaders; `*` names any component. */
export const COMPONENT_NAME = 'orch-controller-manager';

export interface ControllerLeader {
  name: string;
  component: string;
}

export interface LeaderMigrationConfig {
  leaderName: string;
  resourceLock: string;
  controllerLeaders: ControllerLeader[];
}

/** Kubernetes' default for the controller manager (its component name brand-swapped). */
export function defaultLeaderMigrationConfig(): LeaderMigrationConfig {
  return {
    leaderName: 'cloud-provider-extraction-migration',
    resourceLock: 'leases',
    controllerLeaders: ['route', 'service', 'cloud-node-lifecycle'].map((name) => ({ name, component: COMPONENT_NAME })),
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** ValidateLeaderMigrationConfiguration, as field errors. */
export function validateLeaderMigrationConfig(config: LeaderMigrationConfig): string[] {
  const errs: string[] = [];
  if (config.leaderName === '') errs.push('leaderName: Required value: leaderName must be set for LeaderMigrationConfiguration');
  if (config.resourceLock !== 'leases') errs.push(`resourceLock: Invalid value: ${JSON.stringify(config.resourceLock)}: resource Lock must be "leases"`);
  config.controllerLeaders.forEach((leader, i) => {
    if (leader.component === '') errs.push(`controllerLeaders[${i}].component: Required value: component must be set`);
    if (leader.name === '') errs.push(`controllerLeaders[${i}].name: Required value: name must be set`);
  });
  return errs;
}

/** The configuration in `text` (YAML or JSON); throws naming every problem. */
export function parseLeaderMigrationConfig(text: string, file = ''): LeaderMigrationConfig {
  const where = file ? ` ${file}` : '';
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new Error(`unable to read the leader migration configuration${where}: ${(err as Error).message}`);
  }
  const obj = (doc ?? {}) as Record<string, unknown>;
  if (typeof obj !== 'object' || Array.isArray(obj)) throw new Error(`unable to read the leader migration configuration${where}: not an object`);
  const apiVersion = str(obj['apiVersion']);
  if (!LEADER_MIGRATION_API_VERSIONS.includes(apiVersion)) {
    throw new Error(`unable to read the leader migration configuration${where}: unsupported apiVersion ${JSON.stringify(apiVersion)}, expected one of ${LEADER_MIGRATION_API_VERSIONS.join(', ')}`);
  }
  if (obj['kind'] !== KIND) throw new Error(`unable to read the leader migration configuration${where}: expected kind ${KIND}, got ${JSON.stringify(obj['kind'] ?? '')}`);
  const leaders = Array.isArray(obj['controllerLeaders']) ? obj['controllerLeaders'] : [];
  const config: LeaderMigrationConfig = {
    leaderName: str(obj['leaderName']),
    resourceLock: str(obj['resourceLock']),
    controllerLeaders: leaders.map((l) => ({ name: str((l as Record<string, unknown>)?.['name']), component: str((l as Record<string, unknown>)?.['component']) })),
  };
  const errs = validateLeaderMigrationConfig(config);
  if (errs.length) throw new Error(`failed to validate the leader migration configuration${where}: [${errs.join(', ')}]`);
  return config;
}

/** The configuration of --leader-migration-config, or the default when it is empty. */
export function loadLeaderMigrationConfig(path: string): LeaderMigrationConfig {
  if (!path) return defaultLeaderMigrationConfig();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`unable to read the leader migration configuration ${path}: ${(err as Error).message}`);
  }
  return parseLeaderMigrationConfig(text, path);
}
