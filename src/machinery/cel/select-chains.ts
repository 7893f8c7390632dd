// Field selections an expression makes on its variables, read from the parsed tree: for
// `object.spec.replicas > params.max` the chains object→spec→replicas and params→max, each field
// with the offset of the dot before it. Static checks (policy type checking) look these up in a
// schema; only plain chains of selects count, so an index or a call in the middle ends the chain.

export interface SelectedField {
  name: string;
  /** Offset in the expression of the `.` that selects the field. */
  offset: number;
}

export interface SelectChain {
  root: string;
  fields: SelectedField[];
}

interface AstNode {
  op: string;
  args: unknown;
  pos?: number;
}

const SELECT_OPS = new Set(['.', '.?']);

function isNode(v: unknown): v is AstNode {
  return !!v && typeof v === 'object' && typeof (v as AstNode).op === 'string';
}

/** The chain a node spells, or undefined when it is not a variable followed by selects. */
function chainOf(node: AstNode): SelectChain | undefined {
  if (node.op === 'id' && typeof node.args === 'string') return { root: node.args, fields: [] };
  if (!SELECT_OPS.has(node.op) || !Array.isArray(node.args)) return undefined;
  const [target, name] = node.args as [unknown, unknown];
  if (!isNode(target) || typeof name !== 'string') return undefined;
  const prefix = chainOf(target);
  if (!prefix) return undefined;
  // The engine places a select at its field name; the dot is the character before.
  return { root: prefix.root, fields: [...prefix.fields, { name, offset: Math.max(0, (node.pos ?? 1) - 1) }] };
}

/** Every longest chain of selects on a variable, in the order they appear. */
export function selectChains(ast: unknown): SelectChain[] {
  const out: SelectChain[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isNode(v)) return;
    if (SELECT_OPS.has(v.op)) {
      const chain = chainOf(v);
      // A whole chain is one lookup; its prefixes are not checked again.
      if (chain) return void out.push(chain);
    }
    walk(v.args);
  };
  walk(ast);
  return out;
}
