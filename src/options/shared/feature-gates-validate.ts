// Rules of the shared --emulated-version and --min-compatibility-version rows. (--feature-gates
// is checked while the FeatureGates are built.)
import {
  BINARY_MAJOR, BINARY_MINOR, COMPONENT, MIN_EMULATION_MINOR, compareMajorMinor, parseMajorMinor,
  type MajorMinor,
} from '../../component-base/version/version.ts';
import { list, type ValidationContext } from '../validation-context.ts';

const lowest: MajorMinor = { major: BINARY_MAJOR, minor: MIN_EMULATION_MINOR };
const highest: MajorMinor = { major: BINARY_MAJOR, minor: BINARY_MINOR };
const fmt = (v: MajorMinor) => `${v.major}.${v.minor}`;

export function validateEmulationVersions(ctx: ValidationContext): void {
  // Without --emulated-version the binary's own version is emulated.
  const emulated = ctx.given.has('emulated-version') ? checkVersionList(ctx, 'emulated-version', 'emulation version') : highest;
  const minCompat = checkVersionList(ctx, 'min-compatibility-version', 'minCompatibilityVersion version');
  if (emulated && minCompat && compareMajorMinor(minCompat, emulated) > 0) {
    ctx.errors.push(`--min-compatibility-version: minCompatibilityVersion version ${fmt(minCompat)} must be less than or equal to emulationVersion version ${fmt(emulated)}`);
  }
}

// Checks each `[component=]major.minor` entry of a given flag; returns this component's version.
function checkVersionList(ctx: ValidationContext, flag: string, what: string): MajorMinor | undefined {
  if (!ctx.given.has(flag)) return undefined;
  let found: MajorMinor | undefined;
  for (const entry of list(ctx, flag)) {
    const eq = entry.indexOf('=');
    const component = eq < 0 ? COMPONENT : entry.slice(0, eq).trim();
    const text = eq < 0 ? entry : entry.slice(eq + 1);
    const fail = (why: string) => ctx.errors.push(`invalid argument ${JSON.stringify(entry)} for "--${flag}" flag: ${why}`);
    if (component !== COMPONENT) {
      fail(`component not registered: ${component}`);
      continue;
    }
    const version = parseMajorMinor(text);
    if (!version) {
      fail(`illegal version string ${JSON.stringify(text)}: want major.minor`);
      continue;
    }
    if (compareMajorMinor(version, lowest) < 0 || compareMajorMinor(version, highest) > 0) {
      fail(`${what} ${fmt(version)} is not between [${fmt(lowest)}, ${fmt(highest)}]`);
      continue;
    }
    found = version;
  }
  return found;
}
