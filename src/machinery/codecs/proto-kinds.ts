// Which kinds have a protobuf form, and their messages: every definition that names its kinds
// (x-kubernetes-group-version-kind) and carries field numbers. Derived once, on first use, from
// the same definitions /openapi publishes and the decoder reads.

import { definitionsWithProtobuf } from '../openapi/definitions.ts';
import { isMessageDefinition, ProtobufDerivation, type MessagePlan } from './proto-derive.ts';

interface Gvk {
  group: string;
  version: string;
  kind: string;
}

export interface ProtobufKinds {
  /** group/version/kind (group empty for core) -> message. */
  byGvk: ReadonlyMap<string, MessagePlan>;
  /** kind -> the messages of that kind in any group. */
  byKind: ReadonlyMap<string, readonly MessagePlan[]>;
  /** definition name -> message, frames included. */
  byDefinition: ReadonlyMap<string, MessagePlan>;
  /** What the definitions lack for a message; empty when every message is complete. */
  problems: readonly string[];
}

/** The messages of the kinds `defs` define (every kind with field numbers). */
export function deriveProtobufKinds(defs: Readonly<Record<string, Record<string, unknown>>>): ProtobufKinds {
  const derivation = new ProtobufDerivation(defs);
  const byGvk = new Map<string, MessagePlan>();
  const byKind = new Map<string, MessagePlan[]>();
  const byDefinition = new Map<string, MessagePlan>();
  for (const [name, def] of Object.entries(defs)) {
    const gvks = def['x-kubernetes-group-version-kind'] as Gvk[] | undefined;
    if (!gvks?.length || !isMessageDefinition(def)) continue;
    const plan = derivation.message(name);
    byDefinition.set(name, plan);
    for (const g of gvks) {
      if (FRAMES.has(g.kind)) continue;
      byGvk.set(`${g.group}/${g.version}/${g.kind}`, plan);
      const same = byKind.get(g.kind) ?? [];
      if (!same.includes(plan)) same.push(plan);
      byKind.set(g.kind, same);
    }
  }
  // Messages with problems are not built: their plans stay without types.
  if (derivation.problems.length === 0) derivation.root();
  return { byGvk, byKind, byDefinition, problems: derivation.problems };
}

/** Kinds that frame other objects (a watch stream's events) and are never enveloped themselves. */
const FRAMES = new Set(['WatchEvent']);

let built: ProtobufKinds | undefined;

/**
 * The served kinds' messages, derived on first use. A definition that cannot be a message (a
 * field without a number) is a defect of the definitions: it fails loudly here rather than
 * leaving a field off the wire.
 */
export function protobufKinds(): ProtobufKinds {
  if (built) return built;
  const kinds = deriveProtobufKinds(definitionsWithProtobuf());
  if (kinds.problems.length) throw new Error(`protobuf messages cannot be derived from the definitions: ${kinds.problems.join('; ')}`);
  return (built = kinds);
}

/**
 * The message of objects of this apiVersion and kind: the definition naming that group, or the
 * group's orch.io name for a Kubernetes name (events.k8s.io is events.orch.io), or else the only
 * definition of the kind. core/v1 Event and events.orch.io/v1 Event differ (other fields, other
 * numbers), so the group decides between them.
 */
export function messageFor(kinds: ProtobufKinds, apiVersion: string, kind: string): MessagePlan | undefined {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const exact = kinds.byGvk.get(`${group}/${version}/${kind}`);
  if (exact) return exact;
  if (group.endsWith('.k8s.io')) {
    const branded = kinds.byGvk.get(`${group.slice(0, -'.k8s.io'.length)}.orch.io/${version}/${kind}`);
    if (branded) return branded;
  }
  const any = kinds.byKind.get(kind);
  return any?.length === 1 ? any[0] : undefined;
}
