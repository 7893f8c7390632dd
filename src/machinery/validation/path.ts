// Field paths printed as Kubernetes' field.Path prints them: `metadata.labels`,
// `items[0]`, `values[0][app]`. A path with no elements prints as `<nil>`.

export const NIL_PATH = '<nil>';

export function child(parent: string | undefined, ...names: string[]): string {
  const tail = names.join('.');
  return parent && parent !== NIL_PATH ? `${parent}.${tail}` : tail;
}

export function index(parent: string | undefined, i: number): string {
  return `${parent && parent !== NIL_PATH ? parent : ''}[${i}]`;
}

export function key(parent: string | undefined, k: string): string {
  return `${parent && parent !== NIL_PATH ? parent : ''}[${k}]`;
}
