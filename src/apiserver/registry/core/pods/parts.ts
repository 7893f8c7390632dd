// The pod's containers and volumes are defaulted and validated by their own modules
// (containers/, volumes/); this is where the pod strategy calls them, with the context they need
// from the pod around them, and takes their causes back into its own ordered list.
import { privilegedAllowed } from './capabilities.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { Volume } from '../../../../api/core/v1/volume-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { OMIT_VALUE, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { defaultContainer, validateContainers, validateEphemeralContainers, validateInitContainers, type ContainerContext } from './containers/index.ts';
import { defaultVolume, validateVolumes } from './volumes/index.ts';

export const defaultContainerOf = (c: Container): void => defaultContainer(c);
export const defaultVolumeOf = (v: Volume): void => defaultVolume(v);

const WORDS: Readonly<Record<string, string>> = {
  FieldValueNotFound: 'Not found', FieldValueRequired: 'Required value', FieldValueDuplicate: 'Duplicate value', FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value', FieldValueForbidden: 'Forbidden', FieldValueTooLong: 'Too long', FieldValueTooMany: 'Too many',
  FieldValueTypeInvalid: 'Invalid value', InternalError: 'Internal error',
};

/** A cause as a field error that prints exactly the cause's message again. */
function asFieldError(cause: StatusCause): FieldError {
  const word = WORDS[cause.reason ?? ''] ?? '';
  const message = cause.message ?? '';
  const detail = message === word ? '' : message.startsWith(`${word}: `) ? message.slice(word.length + 2) : message;
  // Required, Forbidden and Too long print no value: their detail follows the word directly.
  const valueless = ['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError'].includes(cause.reason ?? '');
  return valueless
    ? { type: cause.reason as FieldError['type'], field: cause.field ?? '', badValue: '', detail }
    : { type: cause.reason as FieldError['type'], field: cause.field ?? '', badValue: OMIT_VALUE, detail };
}

const asFieldErrors = (causes: readonly StatusCause[]): FieldError[] => causes.map(asFieldError);

/** The volumes' errors and the names of the valid volumes containers may mount. */
export function validatePodVolumes(spec: PodSpec, path: string, podName: string | undefined): { errors: FieldError[]; names: ReadonlySet<string> } {
  const { causes, names } = validateVolumes(spec.volumes, path, podName);
  return { errors: asFieldErrors(causes), names };
}

/**
 * Regular, init and ephemeral containers, each list knowing the names of the others. Host ports
 * must equal container ports with hostNetwork only in a pod: a template checks that itself.
 */
export function validatePodContainers(spec: PodSpec, path: string, volumeNames: ReadonlySet<string>, isPod: boolean): FieldError[] {
  const claimVolumes = (spec.volumes ?? []).filter((v) => volumeNames.has(v.name) && (v.persistentVolumeClaim || v.ephemeral)).map((v) => v.name);
  const ctx: ContainerContext = {
    volumeNames,
    claimVolumeNames: new Set(claimVolumes),
    podRestartPolicy: spec.restartPolicy ?? '',
    hostNetwork: isPod && !!spec.hostNetwork,
    resourceClaimNames: new Set((spec.resourceClaims ?? []).map((c) => c.name)),
    ...(spec.terminationGracePeriodSeconds !== undefined && spec.terminationGracePeriodSeconds !== null ? { gracePeriodSeconds: spec.terminationGracePeriodSeconds } : {}),
    ...(spec.os?.name ? { os: spec.os.name } : {}),
    ...(spec.hostUsers !== undefined && spec.hostUsers !== null ? { hostUsers: spec.hostUsers } : {}),
    allowPrivileged: privilegedAllowed(),
  };
  const regular = new Set((spec.containers ?? []).map((c) => c.name));
  const withInit = new Set([...regular, ...(spec.initContainers ?? []).map((c) => c.name)]);
  return [
    ...asFieldErrors(validateContainers(spec.containers, `${path}.containers`, ctx)),
    ...asFieldErrors(validateInitContainers(spec.initContainers, `${path}.initContainers`, { ...ctx, otherNames: regular })),
    ...asFieldErrors(validateEphemeralContainers(spec.ephemeralContainers, `${path}.ephemeralContainers`, { ...ctx, otherNames: withInit })),
  ];
}
