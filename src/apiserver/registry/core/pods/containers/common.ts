// The checks every container gets, regular, init or ephemeral (Kubernetes'
// validateContainerCommon), in its order: a DNS-label name, an image, the termination message
// policy, then ports, environment, mounts, devices, pull policy, resources, resize policy and
// security context.
import type { Container } from '../../../../../api/core/v1/container-types.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label } from '../../../../../machinery/validation/names.ts';
import { child } from '../../../../../machinery/validation/path.ts';
import type { ContainerContext } from './context.ts';
import { validateEnv, validateEnvFrom } from './env.ts';
import { validateVolumeDevices, validateVolumeMounts } from './mounts.ts';
import { validateContainerPorts } from './ports.ts';
import { validateResizePolicy, validateResourceRequirements } from './resources.ts';
import { validateSecurityContext } from './security-context.ts';

/** Listed in Kubernetes' order (File first), not sorted. */
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const NO_CLAIMS: ReadonlySet<string> = new Set();

function validatePullPolicy(policy: string | undefined, path: string): FieldError[] {
  if (!policy) return [required(path)];
  return PULL_POLICIES.includes(policy) ? [] : [notSupported(path, policy, PULL_POLICIES)];
}

export function validateContainerCommon(c: Container, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  const namePath = child(path, 'name');
  if (!c.name) errs.push(required(namePath));
  else errs.push(...isDNS1123Label(c.name).map((msg) => invalid(namePath, c.name, msg)));
  if (!c.image) errs.push(required(child(path, 'image')));
  const policy = c.terminationMessagePolicy ?? '';
  if (!policy) errs.push(required(child(path, 'terminationMessagePolicy')));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(policy)) errs.push(notSupported(child(path, 'terminationMessagePolicy'), policy, TERMINATION_MESSAGE_POLICIES));
  errs.push(
    ...validateContainerPorts(c.ports, child(path, 'ports')),
    ...validateEnv(c.env, child(path, 'env')),
    ...validateEnvFrom(c.envFrom, child(path, 'envFrom')),
    ...validateVolumeMounts(c, child(path, 'volumeMounts'), ctx),
    ...validateVolumeDevices(c.volumeDevices, c.volumeMounts, child(path, 'volumeDevices'), ctx),
    ...validatePullPolicy(c.imagePullPolicy, child(path, 'imagePullPolicy')),
    ...validateResourceRequirements(c.resources, ctx.resourceClaimNames ?? NO_CLAIMS, child(path, 'resources')),
    ...validateResizePolicy(c.resizePolicy, child(path, 'resizePolicy'), ctx.podRestartPolicy),
    ...validateSecurityContext(c.securityContext, child(path, 'securityContext'), ctx),
  );
  return errs;
}

/** validateContainerOnlyForPod: a pod's (not a template's) image has no surrounding whitespace. */
export function validateImageWhitespace(c: Container, path: string): FieldError[] {
  const image = c.image ?? '';
  return image.trim() !== image ? [invalid(child(path, 'image'), image, 'must not have leading or trailing whitespace')] : [];
}
