// The --version, --emulated-version and --min-compatibility-version rows as the typed options
// component-base/version reads (it declares the shape, below this layer).
import type { VersionOptions } from '../../component-base/version/version.ts';
import type { OptionReader } from '../option-reader.ts';

export function versionOptions(r: OptionReader): VersionOptions {
  return {
    version: r.string('version'),
    emulatedVersion: r.strings('emulated-version'),
    minCompatibilityVersion: r.strings('min-compatibility-version'),
    minCompatibilityVersionGiven: r.given('min-compatibility-version'),
  };
}
