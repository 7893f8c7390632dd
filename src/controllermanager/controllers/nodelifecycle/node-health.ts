// One node's health as the node lifecycle controller judges it (Kubernetes' tryUpdateNodeHealth),
// without I/O: the controller remembers when it last saw the node's Ready heartbeat or its Lease
// move forward (its own clock, not the node's); a node silent for longer than the grace period
// (the startup grace period when it never reported) gets Ready, MemoryPressure, DiskPressure and
// PIDPressure set to Unknown, and the caller writes that status.
import type { Lease } from '../../../api/coordination/v1/types.ts';
import type { Node, NodeCondition, NodeStatus } from '../../../api/core/v1/node-types.ts';
import { parseRFC3339Micros } from '../../../api/meta/v1/time.ts';

export interface NodeHealth {
  /** When the controller last saw a sign of life (ms, its own clock). */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  status: NodeStatus;
  lease?: Lease;
}

export interface HealthVerdict {
  gracePeriodMs: number;
  /** The Ready condition as the node last posted it (or a made-up Unknown one). */
  observedReady: NodeCondition;
  /** The Ready condition now, after the controller's own change. */
  currentReady: NodeCondition | undefined;
  health: NodeHealth;
  /** The status to write when the controller marked the node Unknown. */
  statusToWrite?: NodeStatus;
}

export interface HealthTiming {
  now: number;
  nowTime: string;
  monitorGracePeriodMs: number;
  startupGracePeriodMs: number;
}

/** Conditions the controller sets to Unknown; NetworkUnavailable belongs to the network's owner. */
const MONITORED = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

export const REASON_STATUS_UNKNOWN = 'NodeStatusUnknown';
export const REASON_NEVER_UPDATED = 'NodeStatusNeverUpdated';
export const MESSAGE_STATUS_UNKNOWN = 'NodeAgent stopped posting node status.';
export const MESSAGE_NEVER_UPDATED = 'NodeAgent never posted node status.';

export function readyCondition(status: NodeStatus | undefined): NodeCondition | undefined {
  return status?.conditions?.find((c) => c.type === 'Ready');
}

function micros(text: string | null | undefined): bigint {
  return (text && parseRFC3339Micros(text)) || 0n;
}

export function judgeNodeHealth(node: Node, saved: NodeHealth | undefined, lease: Lease | undefined, t: HealthTiming): HealthVerdict {
  const status: NodeStatus = structuredClone(node.status ?? {});
  const created = node.metadata.creationTimestamp ?? '';
  const current = readyCondition(status);
  let gracePeriodMs: number;
  let observedReady: NodeCondition;
  let health = saved;
  if (!current) {
    // Never posted: judged from creation, with the startup grace period.
    observedReady = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: created, lastTransitionTime: created };
    gracePeriodMs = t.startupGracePeriodMs;
    const createdMs = Date.parse(created) || t.now;
    health = health ? { ...health, status } : { status, probeTimestamp: createdMs, readyTransitionTimestamp: createdMs };
  } else {
    observedReady = { ...current };
    gracePeriodMs = t.monitorGracePeriodMs;
  }
  const savedReady = readyCondition(saved?.status);
  const savedLease = saved?.lease;
  if (!health) {
    health = { status, probeTimestamp: t.now, readyTransitionTimestamp: t.now };
  } else if ((!savedReady && current) || (savedReady && !current)) {
    health = { status, probeTimestamp: t.now, readyTransitionTimestamp: t.now };
  } else if (savedReady && current && savedReady.lastHeartbeatTime !== current.lastHeartbeatTime) {
    const transition = savedReady.lastTransitionTime !== current.lastTransitionTime ? t.now : health.readyTransitionTimestamp;
    health = { status, probeTimestamp: t.now, readyTransitionTimestamp: transition };
  }
  // A renewed lease is a sign of life even when the status is not posted.
  if (lease && (!savedLease || micros(savedLease.spec?.renewTime) < micros(lease.spec?.renewTime))) {
    health = { ...health, lease, probeTimestamp: t.now };
  }
  let currentReady = current;
  if (t.now > health.probeTimestamp + gracePeriodMs) {
    status.conditions ??= [];
    for (const type of MONITORED) {
      const condition = status.conditions.find((c) => c.type === type);
      if (!condition) {
        status.conditions.push({ type, status: 'Unknown', reason: REASON_NEVER_UPDATED, message: MESSAGE_NEVER_UPDATED, lastHeartbeatTime: created, lastTransitionTime: t.nowTime });
      } else if (condition.status !== 'Unknown') {
        Object.assign(condition, { status: 'Unknown', reason: REASON_STATUS_UNKNOWN, message: MESSAGE_STATUS_UNKNOWN, lastTransitionTime: t.nowTime });
      }
    }
    currentReady = readyCondition(status);
    if (JSON.stringify(currentReady) !== JSON.stringify(observedReady)) {
      return {
        gracePeriodMs, observedReady, currentReady,
        health: { status, probeTimestamp: health.probeTimestamp, readyTransitionTimestamp: t.now, lease },
        statusToWrite: status,
      };
    }
  }
  return { gracePeriodMs, observedReady, currentReady, health };
}
