// A custom resource as the server handles it: any object with metadata; its fields are the
// definition's, known only from its schema.
import type { ApiObject } from '../../api/meta/v1/types.ts';

export type CustomResource = ApiObject & { [field: string]: unknown };
