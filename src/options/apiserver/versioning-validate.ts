// Rules of --runtime-config and the emulation forward-compatibility switches.
import { BINARY_MINOR, emulatedVersion } from '../../component-base/version/version.ts';
import { parseGoBool } from '../../machinery/strconv.ts';
import { bool, list, map, type ValidationContext } from '../validation-context.ts';
import { RUNTIME_CONFIG_SELECTORS, builtinGroupVersions, builtinGroups } from './api-group-versions.ts';

const VERSION = /^v\d+((alpha|beta)\d+)?$/;

export function validateVersioning(ctx: ValidationContext): void {
  const emulated = emulatedVersion({ emulatedVersion: list(ctx, 'emulated-version') });
  const emulating = emulated.minor < BINARY_MINOR;
  for (const flag of ['emulation-forward-compatible', 'runtime-config-emulation-forward-compatible']) {
    if (bool(ctx, flag) && !emulating) {
      ctx.errors.push(`--${flag} cannot be set to true if the emulation version is the same as the binary version`);
    }
  }
  const forwardCompatible = bool(ctx, 'runtime-config-emulation-forward-compatible');
  for (const [rawKey, rawValue] of Object.entries(map(ctx, 'runtime-config'))) {
    const fail = (why: string) => ctx.errors.push(`invalid argument ${JSON.stringify(`${rawKey}=${rawValue}`)} for "--runtime-config" flag: ${why}`);
    let enabled: boolean;
    try {
      enabled = rawValue === '' ? true : parseGoBool(rawValue);
    } catch {
      fail(`invalid value ${JSON.stringify(rawValue)}: want true or false`);
      continue;
    }
    const key = rawKey === 'api/v1' ? 'v1' : rawKey;
    if (RUNTIME_CONFIG_SELECTORS.includes(key)) {
      if (key === 'api/legacy') ctx.warnings.push('--runtime-config: api/legacy is deprecated, and will be removed in a future version');
      continue;
    }
    const slash = key.lastIndexOf('/');
    const group = slash < 0 ? '' : key.slice(0, slash);
    const version = slash < 0 ? key : key.slice(slash + 1);
    if (!VERSION.test(version) || (slash < 0 && key !== 'v1') || group === 'api') {
      fail(`invalid key ${JSON.stringify(rawKey)}: want v1, <group>/<version> or one of ${RUNTIME_CONFIG_SELECTORS.join(', ')}`);
      continue;
    }
    if (!builtinGroups.has(group)) {
      fail(`unknown api groups ${group}`);
      continue;
    }
    const introduced = builtinGroupVersions[key];
    if (introduced === undefined) {
      fail(`group version ${key} that has not been registered`);
      continue;
    }
    if (enabled && introduced > emulated.minor && !forwardCompatible) {
      fail(`api group version ${key} was introduced in 1.${introduced}, after the emulated version ${emulated.major}.${emulated.minor}; set --runtime-config-emulation-forward-compatible=true to install it`);
    }
  }
}
