// Query parameter parsing shared by the handlers.
export { parseBool } from '../registry/generic/list-options.ts';
