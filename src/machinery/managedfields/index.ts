// managedFields tracking and server-side apply, as the write handlers call them.

export { updateManagedFields } from './update.ts';
export type { UpdateManagedFieldsOptions } from './update.ts';
export { serverSideApply } from './apply.ts';
export type { ServerSideApplyOptions } from './apply.ts';
export type { ManagedFieldsEntry } from './managers.ts';
export { FieldSet } from './field-set.ts';
export { managerOrUserAgent, validateFieldManager, fieldManagerMaxLength } from './field-manager.ts';
export type { FieldManagerCheck } from './field-manager.ts';
