// Detached JSON Web Signatures over the cluster-info kubeconfig, as Kubernetes' bootstrap signer
// makes them: HS256 keyed with a bootstrap token's secret, the token's id as `kid`, and the
// payload left out (`<header>..<signature>`), so a client holding the token can check the
// kubeconfig it was given.
import { createHmac } from 'node:crypto';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function detachedSignature(content: string, tokenId: string, tokenSecret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', kid: tokenId }));
  const payload = base64url(content);
  const signature = createHmac('sha256', tokenSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}..${signature}`;
}
