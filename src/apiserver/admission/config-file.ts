// --admission-control-config-file: an AdmissionConfiguration naming, per plugin, a file (`path`,
// relative to the configuration file) or an embedded `configuration`.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';

export const ADMISSION_CONFIG_API_VERSIONS: readonly string[] = ['apiserver.config.orch.io/v1', 'apiserver.config.orch.io/v1alpha1'];

/** Each plugin's configuration by plugin name (an object, or the text of a non-YAML file). */
export type PluginConfigs = Map<string, unknown>;

export class AdmissionConfigError extends Error {}

function readYaml(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new AdmissionConfigError(`unable to read ${what} from ${JSON.stringify(file)}: ${(err as Error).message}`);
  }
  try {
    return parseYaml(text);
  } catch (err) {
    throw new AdmissionConfigError(`unable to parse ${what} ${JSON.stringify(file)}: ${(err as Error).message.split('\n')[0]}`);
  }
}

export function loadAdmissionConfigFile(file: string): PluginConfigs {
  const doc = readYaml(file, 'admission control configuration');
  const configs: PluginConfigs = new Map();
  if (doc === null || doc === undefined) return configs;
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new AdmissionConfigError(`admission control configuration ${JSON.stringify(file)} is not an object`);
  const root = doc as Record<string, unknown>;
  if (root['kind'] !== 'AdmissionConfiguration' || !ADMISSION_CONFIG_API_VERSIONS.includes(String(root['apiVersion']))) {
    throw new AdmissionConfigError(
      `admission control configuration ${JSON.stringify(file)}: expected kind AdmissionConfiguration of ${ADMISSION_CONFIG_API_VERSIONS.join(' or ')}, got ${JSON.stringify(root['kind'] ?? '')} of ${JSON.stringify(root['apiVersion'] ?? '')}`,
    );
  }
  const plugins = root['plugins'] ?? [];
  if (!Array.isArray(plugins)) throw new AdmissionConfigError(`admission control configuration ${JSON.stringify(file)}: plugins must be a list`);
  plugins.forEach((raw, i) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const name = entry['name'];
    if (typeof name !== 'string' || !name) throw new AdmissionConfigError(`admission control configuration ${JSON.stringify(file)}: plugins[${i}].name is required`);
    if (configs.has(name)) throw new AdmissionConfigError(`admission control configuration ${JSON.stringify(file)}: plugin ${name} is configured twice`);
    if (entry['configuration'] !== undefined && entry['path'] !== undefined) {
      throw new AdmissionConfigError(`admission control configuration ${JSON.stringify(file)}: plugin ${name} has both path and configuration`);
    }
    if (typeof entry['path'] === 'string' && entry['path']) {
      const path = isAbsolute(entry['path']) ? entry['path'] : resolve(dirname(file), entry['path']);
      configs.set(name, readYaml(path, `configuration of admission plugin ${name}`));
    } else if (entry['configuration'] !== undefined) {
      configs.set(name, entry['configuration']);
    } else {
      configs.set(name, undefined);
    }
  });
  return configs;
}
