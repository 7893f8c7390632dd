// Container ports as Kubernetes validates them: IANA service names unique within the container,
// port numbers 1-65535, TCP/UDP/SCTP; host ports that do not collide (per protocol and host IP)
// across the containers that run together; and, with host networking, host ports equal to the
// container ports.
import type { Container, ContainerPort } from '../../../../../api/core/v1/container-types.ts';
import { duplicate, invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { child, index } from '../../../../../machinery/validation/path.ts';
import { isValidPortNum, portNameErrors, SERVICE_PROTOCOLS } from '../../services/port-validation.ts';

const PORT_RANGE = 'must be between 1 and 65535, inclusive';

/** validateContainerPorts. */
export function validateContainerPorts(ports: readonly ContainerPort[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const at = index(path, i);
    const name = port.name ?? '';
    if (name) {
      const msgs = portNameErrors(name);
      if (msgs.length) errs.push(...msgs.map((msg) => invalid(child(at, 'name'), name, msg)));
      else if (names.has(name)) errs.push(duplicate(child(at, 'name'), name));
      else names.add(name);
    }
    const containerPort = port.containerPort ?? 0;
    if (containerPort === 0) errs.push(required(child(at, 'containerPort')));
    else if (!isValidPortNum(containerPort)) errs.push(invalid(child(at, 'containerPort'), containerPort, PORT_RANGE));
    const hostPort = port.hostPort ?? 0;
    if (hostPort !== 0 && !isValidPortNum(hostPort)) errs.push(invalid(child(at, 'hostPort'), hostPort, PORT_RANGE));
    const protocol = port.protocol ?? '';
    if (!protocol) errs.push(required(child(at, 'protocol')));
    else if (!(SERVICE_PROTOCOLS as readonly string[]).includes(protocol)) errs.push(notSupported(child(at, 'protocol'), protocol, SERVICE_PROTOCOLS));
  });
  return errs;
}

/**
 * checkHostPortConflicts: each protocol/hostIP/hostPort used once across `containers`, whose
 * paths are `path[i]`. Init containers are checked one at a time, each as the only entry of its
 * list, so Kubernetes reports their conflicts at index 0 whatever their place.
 */
export function checkHostPortConflicts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((ctr, ci) => {
    (ctr.ports ?? []).forEach((p, pi) => {
      const hostPort = p.hostPort ?? 0;
      if (hostPort === 0) return;
      const key = `${p.protocol ?? ''}/${p.hostIP ?? ''}/${hostPort}`;
      if (seen.has(key)) errs.push(duplicate(child(index(child(index(path, ci), 'ports'), pi), 'hostPort'), key));
      else seen.add(key);
    });
  });
  return errs;
}

/** validatePodHostNetworkDeps for a pod: with host networking, hostPort must equal containerPort. */
export function validateHostNetworkPorts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  containers.forEach((ctr, ci) => {
    (ctr.ports ?? []).forEach((p, pi) => {
      const hostPort = p.hostPort ?? 0;
      if (hostPort !== (p.containerPort ?? 0)) {
        errs.push(invalid(child(index(child(index(path, ci), 'ports'), pi), 'hostPort'), hostPort, 'must match `containerPort` when `hostNetwork` is true'));
      }
    });
  });
  return errs;
}
