// Definitions as the documents publish them: the schemas the API types give, plus what only the
// served declarations know. Each kind and its list carry x-kubernetes-group-version-kind for every
// group it is served under (the Kubernetes-named aliases too), which is how kubectl finds a kind's
// schema; a kind without a hand-written list definition gets the standard one; DeleteOptions and
// WatchEvent name every served group version, as Kubernetes' do.
import { canonicalGroup } from '../../registry/generic/alias.ts';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import { listDefinitionName } from './paths.ts';

type Decl = ResourceDeclaration<any, any>;
type Def = Record<string, unknown>;
interface Gvk {
  group: string;
  version: string;
  kind: string;
}

const META_V1 = 'io.orch.apimachinery.pkg.apis.meta.v1';
const PER_GROUP_VERSION = ['DeleteOptions', 'WatchEvent'];

function ref(v3: boolean, name: string): Def {
  return { $ref: v3 ? `#/components/schemas/${name}` : `#/definitions/${name}` };
}

function listDefinition(v3: boolean, item: string, kind: string): Def {
  const wrap = (name: string, extra: Def = {}) => (v3 ? { allOf: [ref(true, name)], ...extra } : ref(false, name));
  return {
    description: `A list of ${kind} objects.`,
    properties: {
      apiVersion: { description: 'The versioned schema of this representation of an object.', type: 'string' },
      items: { description: `The ${kind} objects.`, items: wrap(item, { default: {} }), type: 'array' },
      kind: { description: 'The REST resource this object represents, in CamelCase.', type: 'string' },
      metadata: { ...wrap(`${META_V1}.ListMeta`, v3 ? { default: {} } : {}), description: 'Standard list metadata.' },
    },
    required: ['items'],
    type: 'object',
  };
}

function withGvks(def: Def, gvks: Gvk[]): Def {
  const have = (def['x-kubernetes-group-version-kind'] as Gvk[] | undefined) ?? [];
  const merged = [...have];
  for (const g of gvks) if (!merged.some((h) => h.group === g.group && h.version === g.version && h.kind === g.kind)) merged.push(g);
  return { ...def, 'x-kubernetes-group-version-kind': merged };
}

/**
 * The declarations with their definition names: the declared one, else the definition whose
 * x-kubernetes-group-version-kind names the kind in its orch.io group. Without one a kind is
 * left unpublished, which the discovery test of the documents reports.
 */
export function withDefinitionNames<D extends Decl>(decls: readonly D[], defs: Readonly<Record<string, unknown>>): D[] {
  const byGvk = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    for (const g of ((def as Def)['x-kubernetes-group-version-kind'] as Gvk[] | undefined) ?? []) byGvk.set(`${g.group}/${g.version}/${g.kind}`, name);
  }
  return decls.map((d) => {
    if (d.openapiDefinition) return d;
    const name = byGvk.get(`${canonicalGroup(d.group)}/${d.version}/${d.kind}`);
    return name ? { ...d, openapiDefinition: name } : d;
  });
}

/** `given` with the served kinds' GVKs and list definitions added (a new object; `given` is not changed). */
export function servedDefinitions(decls: readonly Decl[], given: Readonly<Record<string, unknown>>, v3: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...given };
  const add = (name: string, gvk: Gvk) => {
    const def = out[name] as Def | undefined;
    if (def) out[name] = withGvks(def, [gvk]);
  };
  for (const decl of decls) {
    const def = decl.openapiDefinition;
    if (!def || !out[def]) continue;
    const { group, version } = decl;
    add(def, { group, version, kind: decl.kind });
    // Kinds that are only created (reviews) have no list, in Kubernetes either.
    if (decl.verbs.includes('list')) {
      const list = listDefinitionName(decl);
      out[list] ??= listDefinition(v3, def, decl.kind);
      add(list, { group, version, kind: decl.listKind });
    }
    for (const kind of PER_GROUP_VERSION) add(`${META_V1}.${kind}`, { group, version, kind });
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The definitions `roots` refer to, directly or through others (a v3 document carries only these). */
export function referencedDefinitions(defs: Readonly<Record<string, unknown>>, roots: unknown): Record<string, unknown> {
  const seen = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          const name = v.slice(v.lastIndexOf('/') + 1);
          if (!seen.has(name) && defs[name]) {
            seen.add(name);
            walk(defs[name]);
          }
        } else walk(v);
      }
    }
  };
  walk(roots);
  return Object.fromEntries(Object.entries(defs).filter(([name]) => seen.has(name)));
}
