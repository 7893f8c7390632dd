// application/vnd.orch.protobuf bodies: Kubernetes' envelope, the magic bytes "k8s\0" (kept so
// existing protobuf clients parse it) followed by a runtime.Unknown message whose raw bytes are
// the object's own message. Each kind's message is derived from its OpenAPI definition
// (proto-kinds.ts), so a kind has a protobuf form exactly when its definition has field numbers.

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest, notAcceptable } from '../status.ts';
import { fromMessage, toMessage } from './proto-convert.ts';
import type { MessagePlan } from './proto-derive.ts';
import { decodeEnvelope, encodeEnvelope, type Envelope } from './proto-envelope.ts';
import { messageFor, protobufKinds } from './proto-kinds.ts';

export const protobufMagic = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** True when objects of this kind can be written as protobuf. */
export function supportsProtobuf(kind: string | undefined): boolean {
  return kind !== undefined && protobufKinds().byKind.has(kind);
}

/** The message of definition `name` (e.g. the meta/v1 WatchEvent a watch frame is). */
export function messageOfDefinition(name: string): MessagePlan {
  const plan = protobufKinds().byDefinition.get(name);
  if (!plan) throw new Error(`definition ${name} has no protobuf message`);
  return plan;
}

/** The object's message without the envelope. */
export function encodeRawMessage(obj: ApiObject | Record<string, unknown>, plan: MessagePlan): Uint8Array {
  const type = plan.type!;
  return type.encode(type.fromObject(toMessage(obj, plan))).finish();
}

export function decodeRawMessage(bytes: Uint8Array, plan: MessagePlan): Record<string, unknown> {
  const type = plan.type!;
  return fromMessage(type.toObject(type.decode(bytes), { longs: Number }), plan);
}

export function encodeProtobuf(obj: ApiObject | Record<string, unknown>): Buffer {
  const kind = typeof obj.kind === 'string' ? obj.kind : undefined;
  const apiVersion = String(obj.apiVersion ?? '');
  const plan = kind === undefined ? undefined : messageFor(protobufKinds(), apiVersion, kind);
  if (!plan) throw notAcceptable(`only the following media types are accepted: application/json, application/yaml`);
  const raw = encodeRawMessage(obj, plan);
  const envelope = encodeEnvelope({ typeMeta: { apiVersion, kind: kind! }, raw, contentEncoding: '', contentType: '' });
  return Buffer.concat([protobufMagic, envelope]);
}

/** Decodes an enveloped object; malformed input is a 400 naming the problem. */
export function decodeProtobuf(bytes: Uint8Array): ApiObject {
  if (bytes.length < 4 || !protobufMagic.equals(Buffer.from(bytes.subarray(0, 4)))) {
    throw badRequest('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  let unknown: Envelope;
  try {
    unknown = decodeEnvelope(bytes.subarray(4));
  } catch (err) {
    throw badRequest(`unable to decode protobuf envelope: ${(err as Error).message}`);
  }
  const apiVersion = unknown.typeMeta?.apiVersion ?? '';
  const kind = unknown.typeMeta?.kind ?? '';
  if (!kind) throw badRequest("Object 'Kind' is missing in protobuf envelope");
  const raw = unknown.raw ?? new Uint8Array();
  if (unknown.contentType === 'application/json') {
    // Values written by a codec that embeds JSON in the envelope.
    try {
      return { ...(JSON.parse(Buffer.from(raw).toString('utf8')) as ApiObject), apiVersion, kind };
    } catch (err) {
      throw badRequest(`unable to decode protobuf envelope: ${(err as Error).message}`);
    }
  }
  const plan = messageFor(protobufKinds(), apiVersion, kind);
  if (!plan) throw badRequest(`no kind "${kind}" is registered for version "${apiVersion}"`);
  let body: Record<string, unknown>;
  try {
    body = decodeRawMessage(raw, plan);
  } catch (err) {
    throw badRequest(`unable to decode protobuf ${kind}: ${(err as Error).message}`);
  }
  return { apiVersion, kind, ...body, metadata: (body.metadata ?? {}) as ApiObject['metadata'] };
}
