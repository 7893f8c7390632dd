// Builds the admission chain from orch-apiserver's options: selects plugins, reads the
// configuration file, constructs each implemented plugin with its configuration and logs, once,
// the enabled ones that have nothing to act on in this server.
import type { AdmissionOptions } from '../../options/apiserver/admission-options.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { createAdmissionChain } from './chain.ts';
import { loadAdmissionConfigFile, type PluginConfigs } from './config-file.ts';
import { enabledAdmissionPlugins } from './enabled-plugins.ts';
import { ADMISSION_SEAMS } from './plugin-order.ts';
import { PLUGIN_FACTORIES, type PluginDeps } from './plugin-registry.ts';
import type { Admission, AdmissionPlugin } from './types.ts';

const log = klog('apiserver/admission');

export interface BuiltAdmission extends Admission {
  /** Enabled plugin names in chain order. */
  enabled: string[];
  /** The enabled plugins that act on requests. */
  plugins: readonly AdmissionPlugin[];
  /** Configuration of each plugin named in --admission-control-config-file. */
  configs: PluginConfigs;
}

/** Throws an Error with a one-line message on unknown plugin names or a bad configuration file. */
export function buildAdmission(opts: AdmissionOptions, deps: PluginDeps): BuiltAdmission {
  const enabled = enabledAdmissionPlugins({
    enable: opts.enablePlugins,
    disable: opts.disablePlugins,
    admissionControl: opts.admissionControl,
  });
  const configs = opts.configFile ? loadAdmissionConfigFile(opts.configFile) : new Map<string, unknown>();
  const plugins: AdmissionPlugin[] = [];
  const idle: string[] = [];
  const seams: string[] = [];
  for (const name of enabled) {
    const factory = PLUGIN_FACTORIES.get(name);
    if (factory) plugins.push(factory(deps, configs.get(name), opts));
    else if (ADMISSION_SEAMS.has(name)) seams.push(name);
    else idle.push(name);
  }
  for (const name of configs.keys()) {
    if (!enabled.includes(name)) log.warning('Admission configuration names a plugin that is not enabled', { plugin: name });
  }
  log.info('Loaded admission plugins', { mutating: plugins.filter((p) => p.admit).map((p) => p.name), validating: plugins.filter((p) => p.validate).map((p) => p.name) });
  if (idle.length) log.info('Admission plugins enabled with nothing to act on: this server serves none of their resources', { plugins: idle });
  if (seams.length) log.info('Admission plugins enabled but not implemented yet; they admit every request', { plugins: seams });
  const chain = createAdmissionChain(plugins);
  return { enabled, plugins, configs, admit: chain.admit, validate: chain.validate };
}
