// apiequality.Semantic.DeepEqual over JSON values, which Kubernetes' strategies use to decide
// whether a spec changed and its controllers to tell whether two templates are the same: an
// empty list or map equals an absent one, as Go's nil and empty do.

function isEmptyCollection(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v as object).length === 0;
}

export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const aObject = typeof a === 'object' || a === undefined;
  const bObject = typeof b === 'object' || b === undefined;
  if (aObject && bObject && isEmptyCollection(a) && isEmptyCollection(b)) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => semanticEqual(v, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) if (!semanticEqual(ao[k], bo[k])) return false;
  return true;
}
