// The container lists of a pod spec as Kubernetes validates them (validateContainers,
// validateInitContainers and validateEphemeralContainers, with the pod-only image check and,
// for regular containers, the host-network port rule): the common checks, names unique across
// the lists, probes and hooks where each kind may have them, restart policies, host port
// conflicts, and for ephemeral containers only the fields they may set. Each failure is a
// StatusCause with Kubernetes' reason, field path and message.
import type { Container, EphemeralContainer } from '../../../../../api/core/v1/container-types.ts';
import type { StatusCause } from '../../../../../machinery/status.ts';
import { duplicate, forbidden, notFoundValue, required, toStatusCauses, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { child, index } from '../../../../../machinery/validation/path.ts';
import { validateContainerCommon, validateImageWhitespace } from './common.ts';
import type { ContainerContext } from './context.ts';
import { checkHostPortConflicts, validateHostNetworkPorts } from './ports.ts';
import { validateLifecycle, validateProbeOf } from './probes.ts';
import { validateContainerRestartPolicy, validateInitContainerRestartPolicy } from './restart-policy.ts';

const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;

/** Lifecycle and probes, for regular containers and sidecars. */
function validateHooksAndProbes(c: Container, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  if (c.lifecycle) errs.push(...validateLifecycle(c.lifecycle, child(path, 'lifecycle'), ctx));
  for (const probe of PROBES) errs.push(...validateProbeOf(probe, c[probe], child(path, probe), ctx));
  return errs;
}

/** spec.containers: at least one, each valid, names unique, host ports free. */
export function validateContainers(containers: Container[] | undefined, path: string, ctx: ContainerContext): StatusCause[] {
  if (!containers?.length) return toStatusCauses([required(path)]);
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const at = index(path, i);
    errs.push(...validateContainerCommon(c, at, ctx));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(duplicate(child(at, 'name'), name));
    else names.add(name);
    errs.push(...validateHooksAndProbes(c, at, ctx));
    errs.push(...validateContainerRestartPolicy(c, at));
  });
  errs.push(...checkHostPortConflicts(containers, path));
  if (ctx.hostNetwork) errs.push(...validateHostNetworkPorts(containers, path));
  containers.forEach((c, i) => errs.push(...validateImageWhitespace(c, index(path, i))));
  return toStatusCauses(errs);
}

const INIT_ONLY = 'may not be set for init containers without restartPolicy=Always';

/** spec.initContainers: as regular ones, but probes and hooks only for sidecars (restartPolicy Always). */
export function validateInitContainers(containers: Container[] | undefined, path: string, ctx: ContainerContext): StatusCause[] {
  const errs: FieldError[] = [];
  const names = new Set(ctx.otherNames ?? []);
  (containers ?? []).forEach((c, i) => {
    const at = index(path, i);
    errs.push(...validateContainerCommon(c, at, ctx));
    errs.push(...validateInitContainerRestartPolicy(c, at));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(duplicate(child(at, 'name'), name));
    else if (name) names.add(name);
    // Init containers run one at a time, so each is checked alone.
    errs.push(...checkHostPortConflicts([c], path));
    if (c.restartPolicy === 'Always') errs.push(...validateHooksAndProbes(c, at, ctx));
    else {
      if (c.lifecycle) errs.push(forbidden(child(at, 'lifecycle'), INIT_ONLY));
      for (const probe of PROBES) if (c[probe]) errs.push(forbidden(child(at, probe), INIT_ONLY));
    }
  });
  (containers ?? []).forEach((c, i) => errs.push(...validateImageWhitespace(c, index(path, i))));
  return toStatusCauses(errs);
}

const NOT_FOR_EPHEMERAL = 'cannot be set for an Ephemeral Container';

/** The fields an ephemeral container may not set, in Go's field order. */
const EPHEMERAL_FORBIDDEN = [
  'ports', 'resources', 'resizePolicy', 'restartPolicy', 'restartPolicyRules', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle',
] as const;

/** Whether a field differs from Go's zero value (an empty list or map is not zero). */
function isSet(c: EphemeralContainer, field: (typeof EPHEMERAL_FORBIDDEN)[number]): boolean {
  const value = c[field];
  if (value === undefined || value === null) return false;
  if (field === 'resources') {
    const r = c.resources!;
    return r.limits !== undefined || r.requests !== undefined || r.claims !== undefined;
  }
  return true;
}

/** spec.ephemeralContainers: unique names across all containers, a known target, no workload fields. */
export function validateEphemeralContainers(containers: EphemeralContainer[] | undefined, path: string, ctx: ContainerContext): StatusCause[] {
  const errs: FieldError[] = [];
  const others = ctx.otherNames ?? new Set<string>();
  const names = new Set(others);
  (containers ?? []).forEach((c, i) => {
    const at = index(path, i);
    errs.push(...validateContainerCommon(c, at, ctx), ...validateImageWhitespace(c, at));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(duplicate(child(at, 'name'), name));
    else names.add(name);
    if (c.targetContainerName && !others.has(c.targetContainerName)) errs.push(notFoundValue(child(at, 'targetContainerName'), c.targetContainerName));
    for (const field of EPHEMERAL_FORBIDDEN) if (isSet(c, field)) errs.push(forbidden(child(at, field), NOT_FOR_EPHEMERAL));
    (c.volumeMounts ?? []).forEach((m, j) => {
      const mountPath = index(child(at, 'volumeMounts'), j);
      if (m.subPath) errs.push(forbidden(child(mountPath, 'subPath'), NOT_FOR_EPHEMERAL));
      if (m.subPathExpr) errs.push(forbidden(child(mountPath, 'subPathExpr'), NOT_FOR_EPHEMERAL));
    });
  });
  return toStatusCauses(errs);
}
