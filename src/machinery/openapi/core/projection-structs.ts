// core/v1 volume file mappings and projected volumes as Go structs (see ../go-structs.ts for the
// notation): KeyToPath and DownwardAPIVolumeFile, which secret, config map and downward API
// volumes use, and the projected volume with each source it merges. Field numbers, tags and Go
// types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const RELATIVE_PATH = 'relative, without a ".." element and not starting with ".."';
const MODE = 'File mode bits (0 to 0777, decimal 0 to 511 in JSON)';

export const projectionStructs: Record<string, StructDecl> = {
  KeyToPath: {
    doc: 'One key of a secret or config map and the file it is written to.',
    fields: [
      ['key', 1, 'string', 'The key to project. Required.'],
      ['path', 2, 'string', `The file's path in the volume, ${RELATIVE_PATH}. Required.`],
      ['*mode,omitempty', 3, 'int32', `${MODE} of the file; the volume's defaultMode when unset.`],
    ],
  },
  DownwardAPIVolumeFile: {
    doc: 'One file of a downward API volume: a field of the pod or a resource of a container.',
    fields: [
      ['path', 1, 'string', `The file's path in the volume, ${RELATIVE_PATH}, UTF-8. Required.`],
      ['*fieldRef,omitempty', 2, 'ObjectFieldSelector', 'A field of the pod: metadata.annotations, metadata.labels, metadata.name, metadata.namespace or metadata.uid (single labels and annotations too).'],
      ['*resourceFieldRef,omitempty', 3, 'ResourceFieldSelector', 'A limit or request of a container (cpu, memory, ephemeral-storage); the container must be named.'],
      ['*mode,omitempty', 4, 'int32', `${MODE} of the file; the volume's defaultMode when unset.`],
    ],
  },
  ProjectedVolumeSource: {
    doc: 'Several sources merged into one volume directory.',
    fields: [
      ['sources', 1, '[]VolumeProjection', 'The sources, each one kind of projection.', { listType: 'atomic', optional: true }],
      ['*defaultMode,omitempty', 2, 'int32', `${MODE} of the files that set no mode of their own. Defaults to 0644.`],
    ],
  },
  VolumeProjection: {
    doc: 'One source of a projected volume; exactly one member is set.',
    fields: [
      ['*secret,omitempty', 1, 'SecretProjection', 'Keys of a secret.'],
      ['*downwardAPI,omitempty', 2, 'DownwardAPIProjection', 'Fields of the pod and resources of its containers.'],
      ['*configMap,omitempty', 3, 'ConfigMapProjection', 'Keys of a config map.'],
      ['*serviceAccountToken,omitempty', 4, 'ServiceAccountTokenProjection', 'A token of the pod\'s service account, refreshed before it expires.'],
      ['*clusterTrustBundle,omitempty', 5, 'ClusterTrustBundleProjection', 'The certificates of one or more cluster trust bundles, kept current.'],
      ['*podCertificate,omitempty', 6, 'PodCertificateProjection', 'A private key and a certificate chain issued for the pod by a signer, rotated as the signer asks.'],
    ],
  },
  SecretProjection: {
    doc: 'A secret whose keys become files of a projected volume.',
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['items,omitempty', 2, '[]KeyToPath', 'The keys to project and where; when empty every key becomes a file named after it. A listed key missing from the secret is an error unless optional.', { listType: 'atomic' }],
      ['*optional,omitempty', 4, 'bool', 'The pod may start without the secret or its keys.'],
    ],
  },
  ConfigMapProjection: {
    doc: 'A config map whose keys become files of a projected volume.',
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['items,omitempty', 2, '[]KeyToPath', 'The keys to project and where; when empty every key becomes a file named after it. A listed key missing from the config map is an error unless optional.', { listType: 'atomic' }],
      ['*optional,omitempty', 4, 'bool', 'The pod may start without the config map or its keys.'],
    ],
  },
  DownwardAPIProjection: {
    doc: 'Fields of the pod and resources of its containers as files of a projected volume.',
    fields: [['items,omitempty', 1, '[]DownwardAPIVolumeFile', 'The files to write.', { listType: 'atomic' }]],
  },
  ServiceAccountTokenProjection: {
    doc: 'A token of the pod\'s service account written to a file, renewed by the node agent before it expires.',
    fields: [
      ['audience,omitempty', 1, 'string', 'The audience the token is for; the API server\'s identifier when empty.'],
      ['*expirationSeconds,omitempty', 2, 'int64', 'How long the token is asked to last, at least 600 seconds. Defaults to 3600.'],
      ['path', 3, 'string', 'The file\'s path, relative to the mount point. Required.'],
    ],
  },
  ClusterTrustBundleProjection: {
    doc: 'Cluster trust bundles, chosen by name or by signer and labels, whose certificates are written to one file.',
    fields: [
      ['*name,omitempty', 1, 'string', 'One bundle by name; not together with signerName and labelSelector.'],
      ['*signerName,omitempty', 2, 'string', 'Every bundle of this signer (narrowed by labelSelector); their certificates are merged without duplicates.'],
      ['*labelSelector,omitempty', 3, 'meta.LabelSelector', 'Narrows signerName\'s bundles; unset matches none, empty matches all.'],
      ['*optional,omitempty', 5, 'bool', 'The pod may start when no bundle is found.'],
      ['path', 4, 'string', 'The file\'s path, relative to the volume\'s root. Required.'],
    ],
  },
  PodCertificateProjection: {
    doc: 'A private key the node agent generates for the pod and the certificate chain a signer issues for it, written to the volume.',
    fields: [
      ['signerName,omitempty', 1, 'string', 'The signer the certificate requests are sent to. Required.', { required: true }],
      ['keyType,omitempty', 2, 'string', 'The key to generate: RSA3072, RSA4096, ECDSAP256, ECDSAP384, ECDSAP521 or ED25519. Required.', { required: true }],
      ['*maxExpirationSeconds,omitempty', 3, 'int32', 'The longest lifetime the certificate may have, from 3600 to 7862400 seconds. Defaults to 86400.'],
      ['credentialBundlePath,omitempty', 4, 'string', 'Where to write the key and the chain together as PEM blocks, key first; one read gets a matching pair.'],
      ['keyPath,omitempty', 5, 'string', 'Where to write the private key alone.'],
      ['certificateChainPath,omitempty', 6, 'string', 'Where to write the certificate chain alone, leaf first.'],
      ['userAnnotations,omitempty', 7, 'map[string]string', 'Extra information for the signer, copied into the certificate requests; keys must have a domain prefix.'],
    ],
  },
};
