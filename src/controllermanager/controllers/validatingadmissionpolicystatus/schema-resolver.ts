// What type checking needs from the server, asked as any client would: the kind serving each
// group/version/resource (discovery, as client-go's REST mapper) and that kind's schema (the
// server's OpenAPI v3 document of the group version, as Kubernetes' client discovery resolver).
// Built-in kinds and custom resources are found alike. Answers are kept for one check only, so a
// new custom resource definition is seen by the next one.
import type { RestClient } from '../../../client/rest/client.ts';
import { DiscoveryClient } from '../../../client/discovery/discovery-client.ts';
import type { GroupVersionKind, SchemaNode, TypedKind } from '../../../machinery/cel/policy-type-check.ts';

interface OpenAPIDocument {
  components?: { schemas?: Record<string, SchemaNode> };
}

const REF_PREFIX = '#/components/schemas/';

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

export class SchemaResolver {
  readonly #client: RestClient;
  readonly #discovery: DiscoveryClient;
  readonly #signal: AbortSignal | undefined;
  readonly #documents = new Map<string, Promise<OpenAPIDocument | undefined>>();
  readonly #resources = new Map<string, Promise<Map<string, string>>>();

  constructor(client: RestClient, signal?: AbortSignal) {
    this.#client = client;
    this.#discovery = new DiscoveryClient(client);
    this.#signal = signal;
  }

  /** The kind a group/version/resource serves, or undefined when the server does not serve it. */
  async kindFor(group: string, version: string, resource: string): Promise<GroupVersionKind | undefined> {
    const gv = groupVersion(group, version);
    let kinds = this.#resources.get(gv);
    if (!kinds) {
      kinds = this.#discovery
        .resourcesFor(gv, this.#signal)
        .then((list) => new Map(list.map((r) => [r.resource, r.kind])))
        .catch(() => new Map<string, string>());
      this.#resources.set(gv, kinds);
    }
    const kind = (await kinds).get(resource);
    return kind ? { group, version, kind } : undefined;
  }

  /** The kind with its schema, or undefined when the server publishes none for it. */
  async resolve(gvk: GroupVersionKind): Promise<TypedKind | undefined> {
    const doc = await this.#document(gvk.group, gvk.version);
    const schemas = doc?.components?.schemas ?? {};
    for (const schema of Object.values(schemas)) {
      const tags = (schema['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined) ?? [];
      if (!tags.some((t) => t.group === gvk.group && t.version === gvk.version && t.kind === gvk.kind)) continue;
      return { gvk, schema, deref: (node) => deref(schemas, node) };
    }
    return undefined;
  }

  #document(group: string, version: string): Promise<OpenAPIDocument | undefined> {
    const path = group ? `/openapi/v3/apis/${group}/${version}` : `/openapi/v3/api/${version}`;
    let doc = this.#documents.get(path);
    if (!doc) {
      doc = this.#client.request<OpenAPIDocument>({ path, signal: this.#signal, contentType: 'application/json' }).catch(() => undefined);
      this.#documents.set(path, doc);
    }
    return doc;
  }
}

/** A property's schema with references followed (OpenAPI v3 wraps them in a one-item allOf). */
function deref(schemas: Record<string, SchemaNode>, node: unknown, depth = 0): SchemaNode | undefined {
  if (!node || typeof node !== 'object' || depth > 8) return undefined;
  const n = node as SchemaNode;
  const ref = n.$ref;
  if (typeof ref === 'string') return ref.startsWith(REF_PREFIX) ? deref(schemas, schemas[ref.slice(REF_PREFIX.length)], depth + 1) : undefined;
  const allOf = n.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && !n.properties) return deref(schemas, allOf[0], depth + 1);
  return n;
}
