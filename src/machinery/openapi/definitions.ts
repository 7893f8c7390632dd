// The schemas of every served kind, for the OpenAPI v2 document (`definitions`) and the v3
// documents (`components.schemas`). kubectl explain and client-side validation read these.

import { eventSchemas } from './event-schemas.ts';
import { metaSchemas } from './meta-schemas.ts';
import { secretSchemas } from './secret-schemas.ts';
import type { Schema } from './schema-builder.ts';

export { definitionForGVK, definitionName } from './names.ts';

function sorted(defs: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `definitions` of /openapi/v2 (refs are `#/definitions/<name>`). */
export function openapiV2Definitions(): Record<string, unknown> {
  const d = { v3: false };
  return sorted({ ...metaSchemas(d), ...eventSchemas(d), ...secretSchemas(d) });
}

/** `components.schemas` of /openapi/v3/... documents (refs are `#/components/schemas/<name>`). */
export function openapiV3Schemas(): Record<string, unknown> {
  const d = { v3: true };
  return sorted({ ...metaSchemas(d), ...eventSchemas(d), ...secretSchemas(d) });
}
