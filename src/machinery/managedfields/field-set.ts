// A set of field paths, stored as a trie keyed by path element. A node is a member when the path
// to it is in the set; it may also have children (written as `".": {}` in fieldsV1).

import { compareElements, isPathElement, type FieldPath, type PathElement } from './path-element.ts';

export class FieldSet {
  member = false;
  readonly children = new Map<PathElement, FieldSet>();

  static of(...paths: FieldPath[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  insert(path: FieldPath): void {
    let node: FieldSet = this;
    for (const e of path) {
      let next = node.children.get(e);
      if (!next) {
        next = new FieldSet();
        node.children.set(e, next);
      }
      node = next;
    }
    node.member = true;
  }

  has(path: FieldPath): boolean {
    return this.node(path)?.member ?? false;
  }

  /** True when the path or any path below it is a member. */
  hasAtOrBelow(path: FieldPath): boolean {
    const n = this.node(path);
    return n !== undefined && !n.isEmpty();
  }

  isEmpty(): boolean {
    if (this.member) return false;
    for (const c of this.children.values()) if (!c.isEmpty()) return false;
    return true;
  }

  /** Every member path, depth first in Kubernetes' element order. */
  paths(): FieldPath[] {
    const out: FieldPath[] = [];
    const walk = (n: FieldSet, prefix: FieldPath): void => {
      if (n.member) out.push(prefix);
      for (const e of [...n.children.keys()].sort(compareElements)) walk(n.children.get(e)!, [...prefix, e]);
    };
    walk(this, []);
    return out;
  }

  union(other: FieldSet): FieldSet {
    const out = this.clone();
    out.addAll(other);
    return out;
  }

  /** Members of this set that are not members of `other` (children are not removed with a parent). */
  difference(other: FieldSet | undefined): FieldSet {
    const out = new FieldSet();
    out.member = this.member && !(other?.member ?? false);
    for (const [e, child] of this.children) {
      const d = child.difference(other?.children.get(e));
      if (!d.isEmpty()) out.children.set(e, d);
    }
    return out;
  }

  intersection(other: FieldSet | undefined): FieldSet {
    const out = new FieldSet();
    if (!other) return out;
    out.member = this.member && other.member;
    for (const [e, child] of this.children) {
      const o = other.children.get(e);
      if (!o) continue;
      const i = child.intersection(o);
      if (!i.isEmpty()) out.children.set(e, i);
    }
    return out;
  }

  equals(other: FieldSet): boolean {
    const a = this.paths().map((p) => JSON.stringify(p));
    const b = other.paths().map((p) => JSON.stringify(p));
    return a.length === b.length && a.every((p, i) => p === b[i]);
  }

  clone(): FieldSet {
    const out = new FieldSet();
    out.member = this.member;
    for (const [e, child] of this.children) out.children.set(e, child.clone());
    return out;
  }

  private addAll(other: FieldSet): void {
    if (other.member) this.member = true;
    for (const [e, child] of other.children) {
      let mine = this.children.get(e);
      if (!mine) {
        mine = new FieldSet();
        this.children.set(e, mine);
      }
      mine.addAll(child);
    }
  }

  /** The fieldsV1 object: children in Kubernetes' order, `"."` first for a member with children. */
  toFieldsV1(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const e of [...this.children.keys()].sort(compareElements)) {
      const child = this.children.get(e)!;
      if (child.isEmpty()) continue;
      out[e] = child.toFieldsV1WithSelf();
    }
    return out;
  }

  private toFieldsV1WithSelf(): Record<string, unknown> {
    const inner = this.toFieldsV1();
    if (this.member && Object.keys(inner).length > 0) return { '.': {}, ...inner };
    return inner;
  }

  /** Parses a fieldsV1 object; throws an Error naming the problem when it is malformed. */
  static fromFieldsV1(v: unknown): FieldSet {
    const set = new FieldSet();
    const walk = (obj: unknown, prefix: FieldPath): void => {
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
        throw new Error(`fieldsV1 at ${JSON.stringify(prefix)} must be an object`);
      }
      const entries = Object.entries(obj as Record<string, unknown>);
      if (entries.length === 0 && prefix.length > 0) set.insert(prefix);
      for (const [k, child] of entries) {
        if (k === '.') {
          if (prefix.length > 0) set.insert(prefix);
          continue;
        }
        if (!isPathElement(k)) throw new Error(`invalid path element ${JSON.stringify(k)} in fieldsV1`);
        walk(child, [...prefix, k]);
      }
    };
    walk(v, []);
    return set;
  }

  private node(path: FieldPath): FieldSet | undefined {
    let node: FieldSet | undefined = this;
    for (const e of path) {
      node = node.children.get(e);
      if (!node) return undefined;
    }
    return node;
  }
}
