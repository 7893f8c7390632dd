// A pod's volumes: Kubernetes' defaults for each volume and the checks of the whole list, which
// the pod strategy applies to spec.volumes. Persistent volumes reuse the source checks through
// the modules beside this one.
export { defaultVolume } from './defaults.ts';
export { validateVolumes } from './validation.ts';
