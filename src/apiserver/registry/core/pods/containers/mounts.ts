// Volume mounts and devices as Kubernetes validates them (ValidateVolumeMounts and
// ValidateVolumeDevices): declared volumes, unique mount and device paths that do not overlap,
// relative sub-paths without '..', mount propagation (Bidirectional only for privileged
// containers), recursive read-only mounts, and devices only from claim-backed volumes. Some
// errors name the list's field rather than the entry (volumeMounts.subPath), as Kubernetes does.
import type { Container, VolumeDevice, VolumeMount } from '../../../../../api/core/v1/container-types.ts';
import { forbidden, invalid, notFoundValue, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { child, index } from '../../../../../machinery/validation/path.ts';
import type { ContainerContext } from './context.ts';
import { validateLocalDescendingPath, validatePathNoBacksteps } from './paths.ts';

const PROPAGATION_MODES = ['Bidirectional', 'HostToContainer', 'None'];
const RECURSIVE_READ_ONLY_MODES = ['Disabled', 'Enabled', 'IfPossible'];

function validateMountPropagation(mode: string, container: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!PROPAGATION_MODES.includes(mode)) errs.push(notSupported(path, mode, PROPAGATION_MODES));
  if (mode === 'Bidirectional' && container.securityContext?.privileged !== true) {
    errs.push(forbidden(path, 'Bidirectional mount propagation is available only to privileged containers'));
  }
  return errs;
}

function validateRecursiveReadOnly(m: VolumeMount, path: string): FieldError[] {
  const mode = m.recursiveReadOnly;
  if (mode === undefined || mode === 'Disabled') return [];
  if (mode !== 'Enabled' && mode !== 'IfPossible') return [notSupported(path, mode, RECURSIVE_READ_ONLY_MODES)];
  const errs: FieldError[] = [];
  if (!m.readOnly) errs.push(forbidden(path, 'may only be specified when readOnly is true'));
  if (m.mountPropagation !== undefined && m.mountPropagation !== 'None') {
    errs.push(forbidden(path, 'may only be specified when mountPropagation is None or not specified'));
  }
  return errs;
}

/** ValidateVolumeMounts. */
export function validateVolumeMounts(container: Container, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  const devices = container.volumeDevices ?? [];
  const deviceNames = new Set(devices.map((d) => d.name));
  const devicePaths = new Set(devices.map((d) => d.devicePath));
  const mountPaths = new Set<string>();
  (container.volumeMounts ?? []).forEach((m, i) => {
    const at = index(path, i);
    const name = m.name ?? '';
    const mountPath = m.mountPath ?? '';
    if (!name) errs.push(required(child(at, 'name')));
    if (!ctx.volumeNames.has(name)) errs.push(notFoundValue(child(at, 'name'), name));
    if (!mountPath) errs.push(required(child(at, 'mountPath')));
    if (mountPaths.has(mountPath)) errs.push(invalid(child(at, 'mountPath'), mountPath, 'must be unique'));
    mountPaths.add(mountPath);
    if (deviceNames.has(name)) errs.push(invalid(child(at, 'name'), name, 'must not already exist in volumeDevices'));
    if (devicePaths.has(mountPath)) errs.push(invalid(child(at, 'mountPath'), mountPath, 'must not already exist as a path in volumeDevices'));
    if (m.subPath) errs.push(...validateLocalDescendingPath(m.subPath, child(path, 'subPath')));
    if (m.subPathExpr) {
      if (m.subPath) errs.push(invalid(child(at, 'subPathExpr'), m.subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(m.subPathExpr, child(path, 'subPathExpr')));
    }
    if (m.mountPropagation !== undefined) errs.push(...validateMountPropagation(m.mountPropagation, container, child(path, 'mountPropagation')));
    errs.push(...validateRecursiveReadOnly(m, child(path, 'recursiveReadOnly')));
  });
  return errs;
}

/** ValidateVolumeDevices. */
export function validateVolumeDevices(devices: readonly VolumeDevice[] | undefined, mounts: readonly VolumeMount[] | undefined, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  const mountNames = new Set((mounts ?? []).map((m) => m.name));
  const mountPaths = new Set((mounts ?? []).map((m) => m.mountPath));
  const claims = ctx.claimVolumeNames ?? ctx.volumeNames;
  const seenPaths = new Set<string>();
  const seenNames = new Set<string>();
  (devices ?? []).forEach((d, i) => {
    const at = index(path, i);
    const name = d.name ?? '';
    const devicePath = d.devicePath ?? '';
    const matched = ctx.volumeNames.has(name);
    if (!name) errs.push(required(child(at, 'name')));
    if (seenNames.has(name)) errs.push(invalid(child(at, 'name'), name, 'must be unique'));
    if (matched && !claims.has(name)) {
      errs.push(invalid(child(at, 'name'), name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    }
    if (!matched) errs.push(notFoundValue(child(at, 'name'), name));
    if (!devicePath) errs.push(required(child(at, 'devicePath')));
    if (seenPaths.has(devicePath)) errs.push(invalid(child(at, 'devicePath'), devicePath, 'must be unique'));
    if (devicePath && validatePathNoBacksteps(devicePath, child(path, 'devicePath')).length) {
      errs.push(invalid(child(at, 'devicePath'), devicePath, "can not contain backsteps ('..')"));
    } else seenPaths.add(devicePath);
    if (mountNames.has(name)) errs.push(invalid(child(at, 'name'), name, 'must not already exist in volumeMounts'));
    if (mountPaths.has(devicePath)) errs.push(invalid(child(at, 'devicePath'), devicePath, 'must not already exist as a path in volumeMounts'));
    if (name) seenNames.add(name);
  });
  return errs;
}
