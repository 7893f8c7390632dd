// The resources of the certificates group this server serves, each one declaration (see ../resource.ts):
// CertificateSigningRequests (v1), ClusterTrustBundles and PodCertificateRequests (v1beta1, off
// unless --runtime-config asks and their feature gates are on).
import type { ResourceDeclaration } from '../resource.ts';
import { certificateSigningRequestsDeclaration } from './certificatesigningrequests/declaration.ts';
import { clusterTrustBundlesDeclaration } from './clustertrustbundles/declaration.ts';
import { podCertificateRequestsDeclaration } from './podcertificaterequests/declaration.ts';

export function certificatesDeclarations(): ResourceDeclaration<any, any>[] {
  return [certificateSigningRequestsDeclaration(), clusterTrustBundlesDeclaration(), podCertificateRequestsDeclaration()];
}
