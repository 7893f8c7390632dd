// The schemas of every built-in kind, for the OpenAPI v2 document (`definitions`) and the v3
// documents (`components.schemas`). kubectl explain and client-side validation read these; the
// decoder reads the same data (kind-schemas.ts), and the protobuf codec derives its messages from
// them (the field numbers the documents leave out). What only the served declarations know (the
// groups a kind is served under, list kinds) is added where the documents are built.

import { admissionSchemas } from './admission-schemas.ts';
import { clusterKindSchemas } from './cluster-kind-schemas.ts';
import { endpointsSchemas } from './endpoints-schemas.ts';
import { eventSchemas } from './event-schemas.ts';
import { flowcontrolSchemas } from './flowcontrol-schemas.ts';
import { metaSchemas } from './meta-schemas.ts';
import { rbacSchemas } from './rbac-schemas.ts';
import { reviewSchemas } from './review-schemas.ts';
import { published, withoutProtobufFacts } from './protobuf-extension.ts';
import { GO_PACKAGES } from './packages.ts';
import { packageSchemas } from './go-structs.ts';
import type { Dialect, Schema } from './schema-builder.ts';
import { secretSchemas } from './secret-schemas.ts';
import { selectorSchemas } from './selector-schemas.ts';
import { tokenRequestSchemas } from './token-request-schemas.ts';

export { definitionForGVK, definitionName } from './names.ts';

function sorted(defs: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const built = new Map<boolean, Record<string, Schema>>();

/** Every definition in dialect `d`, built once: callers copy before they change anything. */
function all(d: Dialect): Record<string, Schema> {
  let defs = built.get(d.v3);
  if (!defs) built.set(d.v3, (defs = allUncached(d)));
  return defs;
}

/** The definitions written out by hand rather than declared as Go structs (no name is in both). */
function handWritten(d: Dialect): Record<string, Schema> {
  return {
    ...metaSchemas(d),
    ...selectorSchemas(d),
    ...eventSchemas(d),
    ...secretSchemas(d),
    ...clusterKindSchemas(d),
    ...endpointsSchemas(d),
    ...rbacSchemas(d),
    ...admissionSchemas(d),
    ...flowcontrolSchemas(d),
    ...reviewSchemas(d),
    ...tokenRequestSchemas(d),
  };
}

function allUncached(d: Dialect): Record<string, Schema> {
  return sorted({ ...handWritten(d), ...Object.assign({}, ...GO_PACKAGES.map((p) => packageSchemas(p, d))) });
}

const V3: Dialect = { v3: true };
let handWrittenV3: Record<string, Schema> | undefined;
const v3ByPrefix = new Map<string, Record<string, Schema>>();
const publishedV3 = new Map<string, Schema | undefined>();

/**
 * The v3 definition `name` as /openapi/v3 publishes it, building only the hand-written definitions
 * and the Go package `name` belongs to: one kind's schema needs a few packages, and building all of
 * them (~40 ms) is what a server's first update at start (its identity lease) would wait for.
 */
export function v3Definition(name: string): Schema | undefined {
  if (publishedV3.has(name)) return publishedV3.get(name);
  handWrittenV3 ??= handWritten(V3);
  let def = handWrittenV3[name];
  if (!def) {
    const prefix = name.slice(0, name.lastIndexOf('.'));
    let defs = v3ByPrefix.get(prefix);
    if (!defs) {
      defs = Object.assign({}, ...GO_PACKAGES.filter((p) => p.prefix === prefix).map((p) => packageSchemas(p, V3))) as Record<string, Schema>;
      v3ByPrefix.set(prefix, defs);
    }
    def = defs[name];
  }
  const out = def && published(def);
  publishedV3.set(name, out);
  return out;
}

/** `definitions` of /openapi/v2 (refs are `#/definitions/<name>`). */
export function openapiV2Definitions(): Record<string, unknown> {
  return withoutProtobufFacts(all({ v3: false }));
}

/** `components.schemas` of /openapi/v3/... documents (refs are `#/components/schemas/<name>`). */
export function openapiV3Schemas(): Record<string, unknown> {
  return withoutProtobufFacts(all({ v3: true }));
}

/** Every definition with its protobuf facts (`x-orch-protobuf`), which the protobuf codec reads. */
export function definitionsWithProtobuf(): Record<string, Schema> {
  return all({ v3: false });
}
