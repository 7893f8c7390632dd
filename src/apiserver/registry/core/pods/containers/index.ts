// Container defaulting and validation for the pod strategy: the functions it calls for each
// container list, and the context they need.
export type { ContainerContext } from './context.ts';
export { defaultContainer } from './defaults.ts';
export { validateContainers, validateEphemeralContainers, validateInitContainers } from './validate.ts';
