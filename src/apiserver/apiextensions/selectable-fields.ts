// A custom resource's selectable fields (spec.versions[].selectableFields): the values a field
// selector compares, each as the text of the string, integer or boolean at the field's path.
import { compileJsonPath, type JsonPath } from '../../machinery/jsonpath/jsonpath.ts';

const compiled = new Map<string, JsonPath>();

function pathFor(jsonPath: string): JsonPath {
  let p = compiled.get(jsonPath);
  if (!p) compiled.set(jsonPath, (p = compileJsonPath(jsonPath)));
  return p;
}

/** Field-selector attributes, keyed by the path without its leading dot (`spec.color`). */
export function selectableFieldSet(obj: unknown, jsonPaths: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const jsonPath of jsonPaths) {
    const [value] = pathFor(jsonPath).evaluate(obj);
    // An absent field selects as the empty string, as Kubernetes' field sets leave it.
    out[jsonPath.slice(1)] = value === undefined || value === null ? '' : String(value);
  }
  return out;
}
