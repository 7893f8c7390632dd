// application/vnd.orch.protobuf bodies: Kubernetes' envelope, the magic bytes "k8s\0" (kept so
// existing protobuf clients parse it) followed by a runtime.Unknown message whose raw bytes are
// the object's own message (the message of the same name as the kind, or for a kind whose
// message depends on the group, the one protobufMessageName gives).

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest, notAcceptable } from '../status.ts';
import { fromMessage, toMessage } from './proto-convert.ts';
import { messageType } from './proto-messages.ts';

export const protobufMagic = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** The kinds with an enveloped form; each is written as the message of the same name. */
const protobufKinds = new Set([
  'Event',
  'EventList',
  'Status',
  'Secret',
  'SecretList',
  'ServiceAccount',
  'ServiceAccountList',
  'TokenRequest',
  'Namespace',
  'NamespaceList',
  'ConfigMap',
  'ConfigMapList',
  'Role',
  'RoleList',
  'ClusterRole',
  'ClusterRoleList',
  'RoleBinding',
  'RoleBindingList',
  'ClusterRoleBinding',
  'ClusterRoleBindingList',
  'TokenReview',
  'SelfSubjectReview',
  'SubjectAccessReview',
  'LocalSubjectAccessReview',
  'SelfSubjectAccessReview',
  'SelfSubjectRulesReview',
  'Lease',
  'LeaseList',
]);

/**
 * Kinds whose message depends on the group: core/v1 Event is not the events.orch.io/v1 Event
 * (other fields, other numbers), though both are kind Event.
 */
const messagesByApiVersion: Record<string, Record<string, string>> = {
  v1: { Event: 'CoreEvent', EventList: 'CoreEventList' },
};

/** The table's message for objects of this apiVersion and kind. */
export function protobufMessageName(apiVersion: string, kind: string): string {
  return messagesByApiVersion[apiVersion]?.[kind] ?? kind;
}

/** True when objects of this kind can be written as protobuf. */
export function supportsProtobuf(kind: string | undefined): boolean {
  return kind !== undefined && protobufKinds.has(kind);
}

/** The object's message without the envelope. */
export function encodeRawMessage(obj: ApiObject | Record<string, unknown>, messageName: string): Uint8Array {
  const type = messageType(messageName);
  return type.encode(type.fromObject(toMessage(obj, messageName))).finish();
}

export function decodeRawMessage(bytes: Uint8Array, messageName: string): Record<string, unknown> {
  const type = messageType(messageName);
  const msg = type.toObject(type.decode(bytes), { longs: Number });
  return fromMessage(msg, messageName);
}

export function encodeProtobuf(obj: ApiObject | Record<string, unknown>): Buffer {
  const kind = typeof obj.kind === 'string' ? obj.kind : undefined;
  if (!supportsProtobuf(kind)) {
    throw notAcceptable(`only the following media types are accepted: application/json, application/yaml`);
  }
  const raw = encodeRawMessage(obj, protobufMessageName(String(obj.apiVersion ?? ''), kind!));
  const unknownType = messageType('Unknown');
  const envelope = unknownType
    .encode(
      unknownType.fromObject({
        typeMeta: { apiVersion: String(obj.apiVersion ?? ''), kind: kind! },
        raw,
        contentEncoding: '',
        contentType: '',
      }),
    )
    .finish();
  return Buffer.concat([protobufMagic, envelope]);
}

/** Decodes an enveloped object; malformed input is a 400 naming the problem. */
export function decodeProtobuf(bytes: Uint8Array): ApiObject {
  if (bytes.length < 4 || !protobufMagic.equals(Buffer.from(bytes.subarray(0, 4)))) {
    throw badRequest('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  let unknown: { typeMeta?: { apiVersion?: string; kind?: string }; raw?: Uint8Array; contentType?: string };
  try {
    const type = messageType('Unknown');
    unknown = type.toObject(type.decode(bytes.subarray(4)), { longs: Number }) as typeof unknown;
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
  if (!protobufKinds.has(kind)) throw badRequest(`no kind "${kind}" is registered for version "${apiVersion}"`);
  let body: Record<string, unknown>;
  try {
    body = decodeRawMessage(raw, protobufMessageName(apiVersion, kind));
  } catch (err) {
    throw badRequest(`unable to decode protobuf ${kind}: ${(err as Error).message}`);
  }
  return { apiVersion, kind, ...body, metadata: (body.metadata ?? {}) as ApiObject['metadata'] };
}
