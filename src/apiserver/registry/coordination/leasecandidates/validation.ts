// LeaseCandidate validation as Kubernetes' ValidateLeaseCandidate: a name that is a config key,
// a lease name, a binary version and a strategy, semantic versions with the emulation version no
// greater than the binary one (and required by OldestEmulationVersion), a strategy that is
// OldestEmulationVersion or a qualified name; the lease name fixed after create.
import { LEASE_STRATEGIES } from '../../../../api/coordination/v1/types.ts';
import type { LeaseCandidate, LeaseCandidateSpec } from '../../../../api/coordination/v1beta1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isQualifiedName } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { isConfigKey } from '../../core/secrets/config-key.ts';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** major, minor, patch and whether there is a pre-release, for ordering; undefined when not semver. */
function parseVersion(v: string): [number, number, number, number] | undefined {
  const m = SEMVER.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ? 0 : 1] : undefined;
}

function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

function validateSpec(spec: LeaseCandidateSpec | undefined, path: string): FieldError[] {
  const s = spec ?? ({} as LeaseCandidateSpec);
  const errs: FieldError[] = [];
  if (!s.leaseName) errs.push(required(`${path}.leaseName`));
  const emulation = s.emulationVersion ? parseVersion(s.emulationVersion) : undefined;
  if (s.emulationVersion && !emulation) errs.push(invalid(`${path}.emulationVersion`, s.emulationVersion, 'must be a valid semantic version'));
  const binary = s.binaryVersion ? parseVersion(s.binaryVersion) : undefined;
  if (!s.binaryVersion) errs.push(required(`${path}.binaryVersion`));
  else if (!binary) errs.push(invalid(`${path}.binaryVersion`, s.binaryVersion, 'must be a valid semantic version'));
  if (s.binaryVersion && s.emulationVersion && lessThan(binary ?? [0, 0, 0, 1], emulation ?? [0, 0, 0, 1])) {
    errs.push(invalid(`${path}.binaryVersion`, s.binaryVersion, 'must be greater than or equal to `emulationVersion`'));
  }
  if (!s.strategy) errs.push(required(`${path}.strategy`));
  else {
    if (s.strategy === 'OldestEmulationVersion' && !emulation) errs.push(required(`${path}.emulationVersion`, "must be specified when `strategy` is 'OldestEmulationVersion'"));
    // Kubernetes names the strategy's own errors one level deeper (spec.strategy.strategy).
    const at = `${path}.strategy.strategy`;
    if (!s.strategy.includes('/')) {
      if (!LEASE_STRATEGIES.includes(s.strategy)) errs.push(notSupported(at, s.strategy, LEASE_STRATEGIES));
    } else errs.push(...isQualifiedName(s.strategy).map((msg) => invalid(at, s.strategy, msg)));
  }
  return errs;
}

export function validateLeaseCandidate(lc: LeaseCandidate): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(lc.metadata, true, (name) => isConfigKey(name)), ...validateSpec(lc.spec, 'spec')]);
}

export function validateLeaseCandidateUpdate(lc: LeaseCandidate, old: LeaseCandidate): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMetaUpdate(lc.metadata, old.metadata),
    ...validateSpec(lc.spec, 'spec'),
    ...validateImmutableField(lc.spec?.leaseName ?? '', old.spec?.leaseName ?? '', 'spec.leaseName'),
  ]);
}
