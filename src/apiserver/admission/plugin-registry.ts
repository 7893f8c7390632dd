// The plugins this server implements, by name, each built from its configuration and what it
// needs of the rest of the server. Names without a factory are accepted and have nothing to do.
import type { AdmissionPlugin } from './types.ts';
import type { NamespaceAccess } from './namespace-access.ts';
import { alwaysAdmit } from './plugins/always-admit.ts';
import { alwaysDeny } from './plugins/always-deny.ts';
import { namespaceLifecycle } from './plugins/namespace-lifecycle.ts';
import { namespaceExists } from './plugins/namespace-exists.ts';
import { namespaceAutoProvision } from './plugins/namespace-auto-provision.ts';

export interface PluginDeps {
  namespaces: NamespaceAccess;
}

export type PluginFactory = (deps: PluginDeps, config: unknown) => AdmissionPlugin;

export const PLUGIN_FACTORIES: ReadonlyMap<string, PluginFactory> = new Map<string, PluginFactory>([
  ['AlwaysAdmit', () => alwaysAdmit()],
  ['AlwaysDeny', () => alwaysDeny()],
  ['NamespaceLifecycle', (deps) => namespaceLifecycle(deps.namespaces)],
  ['NamespaceExists', (deps) => namespaceExists(deps.namespaces)],
  ['NamespaceAutoProvision', (deps) => namespaceAutoProvision(deps.namespaces)],
]);
