// What a service write needs of the node port range, worked out from the service alone, before the
// bitmap is read: which ports it asks for by number, which it needs any free port for, and which
// of the old ports it gives back once stored. The rules are Kubernetes' (initNodePorts on create,
// updateNodePorts and the health check transitions on update): ports with the same port number
// share one node port, so one service port may serve TCP and UDP alike.
import type { Service, ServicePort } from '../../../../../api/core/v1/service-types.ts';
import { internalError } from '../../../../../machinery/status.ts';
import { mayHaveNodePorts, needsHealthCheckNodePort, needsNodePorts } from '../allocation-facts.ts';

/** A free port the bitmap picks; one token may fill several service ports. */
export interface NextPort {
  next: true;
}

export type PortValue = number | NextPort;

/** One thing to take from the bitmap; what the service does with it is in `target`. */
export interface PortRequest {
  value: PortValue;
  /** The index in spec.ports whose error names it, or "healthCheck". */
  target: number | 'healthCheck';
}

export interface NodePortPlan {
  requests: PortRequest[];
  /** Service port index → the value it gets, once the requests are met. */
  assign: Map<number, PortValue>;
  /** The value spec.healthCheckNodePort gets. */
  healthCheck?: PortValue;
  /** Ports the old object held and the new one does not: given back when the write is stored. */
  release: number[];
}

/** Every node port the service's ports hold (not the health check port). */
export function serviceNodePorts(svc: Service | undefined): number[] {
  return (svc?.spec?.ports ?? []).map((p) => p.nodePort ?? 0).filter((n) => n !== 0);
}

function findRequestedNodePort(port: number, ports: readonly ServicePort[]): number {
  return ports.find((p) => p.port === port && (p.nodePort ?? 0) !== 0)?.nodePort ?? 0;
}

function healthCheckRequest(svc: Service, plan: NodePortPlan): void {
  const hc = svc.spec?.healthCheckNodePort ?? 0;
  const value: PortValue = hc !== 0 ? hc : { next: true };
  plan.requests.push({ value, target: 'healthCheck' });
  plan.healthCheck = value;
}

export function planCreate(svc: Service): NodePortPlan {
  const plan: NodePortPlan = { requests: [], assign: new Map(), release: [] };
  const ports = svc.spec?.ports ?? [];
  if (mayHaveNodePorts(svc)) {
    const byPort = new Map<number, PortValue>();
    ports.forEach((sp, i) => {
      const nodePort = sp.nodePort ?? 0;
      if (nodePort === 0 && !needsNodePorts(svc)) return;
      const shared = byPort.get(sp.port);
      if (shared === undefined) {
        const requested = findRequestedNodePort(sp.port, ports);
        const value: PortValue = requested !== 0 ? requested : { next: true };
        plan.requests.push({ value, target: i });
        plan.assign.set(i, value);
        byPort.set(sp.port, value);
      } else if (nodePort !== shared) {
        if (nodePort === 0) plan.assign.set(i, shared);
        else plan.requests.push({ value: nodePort, target: i });
      }
    });
  }
  if (needsHealthCheckNodePort(svc)) healthCheckRequest(svc, plan);
  return plan;
}

export function planUpdate(svc: Service, old: Service): NodePortPlan {
  const plan: NodePortPlan = { requests: [], assign: new Map(), release: [] };
  const oldPorts = serviceNodePorts(old);
  if (mayHaveNodePorts(old) && !mayHaveNodePorts(svc)) plan.release.push(...oldPorts);
  if (mayHaveNodePorts(svc)) {
    const taken = new Set<number>();
    const seen: Array<{ protocol: string; nodePort: number }> = [];
    (svc.spec?.ports ?? []).forEach((sp, i) => {
      const nodePort = sp.nodePort ?? 0;
      if (nodePort === 0 && !needsNodePorts(svc)) return;
      if (nodePort === 0) {
        const value: PortValue = { next: true };
        plan.requests.push({ value, target: i });
        plan.assign.set(i, value);
        return;
      }
      if (!oldPorts.includes(nodePort) && !taken.has(nodePort)) {
        plan.requests.push({ value: nodePort, target: i });
        taken.add(nodePort);
      }
      const protocol = sp.protocol ?? 'TCP';
      if (seen.some((s) => s.protocol === protocol && s.nodePort === nodePort)) throw internalError(`duplicate nodePort: {${protocol} ${nodePort}}`);
      seen.push({ protocol, nodePort });
    });
    const kept = new Set(serviceNodePorts(svc));
    plan.release.push(...oldPorts.filter((p) => !kept.has(p)));
  }
  const needed = needsHealthCheckNodePort(old);
  const needs = needsHealthCheckNodePort(svc);
  if (!needed && needs) healthCheckRequest(svc, plan);
  else if (needed && !needs && (old.spec?.healthCheckNodePort ?? 0) !== 0) plan.release.push(old.spec!.healthCheckNodePort!);
  return plan;
}
