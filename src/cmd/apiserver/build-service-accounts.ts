// Service accounts beyond their REST resource, composed from the options: the token subresource
// (with --service-account-signing-key-file and --service-account-issuer), issuer discovery
// documents (when the issuer is an https URL), and the stored accounts and secrets behind
// --service-account-lookup.
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import type { Handler } from '../../component-base/serving/request-context.ts';
import type { NonResourcePath } from '../../apiserver/server/config.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import type { ServiceAccountGetter } from '../../apiserver/authentication/service-account.ts';
import { loadVerificationKeys } from '../../apiserver/authentication/service-account-keys.ts';
import { loadSigningKey } from '../../apiserver/serviceaccount/signing-key.ts';
import { tokenIssuer } from '../../apiserver/serviceaccount/token-issuer.ts';
import { withServiceAccountTokens } from '../../apiserver/serviceaccount/token-subresource.ts';
import { boundObjectGetters, serviceAccountGetter, type StoredAccounts } from '../../apiserver/serviceaccount/stored-objects.ts';
import { discoveryDocuments, isDiscoverableIssuer, issuerDiscoveryPaths, JWKS_PATH } from '../../apiserver/serviceaccount/oidc-discovery.ts';

export interface ServiceAccountServing {
  /** The REST handler with the token subresource in front (unchanged without a signing key). */
  wrap(apiHandler: Handler): Handler;
  serviceAccountGetter?: ServiceAccountGetter;
  nonResourcePaths: NonResourcePath[];
}

function findStores(resources: readonly InstalledResource<any, any>[]): StoredAccounts | undefined {
  const find = (plural: string) => resources.find((r) => r.declaration.group === '' && r.declaration.plural === plural && !r.subresource);
  const serviceAccounts = find('serviceaccounts');
  const secrets = find('secrets');
  // Pods and nodes are optional: tokens bound to them are checked against them where they are served.
  const pods = find('pods');
  const nodes = find('nodes');
  return serviceAccounts && secrets ? { serviceAccounts, secrets, ...(pods && { pods }), ...(nodes && { nodes }) } : undefined;
}

/** The host:port relying parties reach this server at, for the default jwks_uri. */
function externalAddress(options: ApiserverOptions): string {
  // As the server's own external host: --external-hostname, else --advertise-address, else a specific --bind-address.
  const bind = options.secureServing.bindAddress;
  const host = options.serving.externalHostname || options.serving.advertiseAddress || (bind && bind !== '0.0.0.0' && bind !== '::' ? bind : 'localhost');
  const port = options.secureServing.securePort;
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

export async function buildServiceAccounts(options: ApiserverOptions, resources: readonly InstalledResource<any, any>[]): Promise<ServiceAccountServing> {
  const stores = findStores(resources);
  const { serviceAccounts, apiAudiences: audiences } = options.authentication;
  const issuers = serviceAccounts.issuers;
  const signingKeyFile = serviceAccounts.signingKeyFile;
  const apiAudiences = audiences.length ? audiences : issuers;
  const out: ServiceAccountServing = { wrap: (h) => h, nonResourcePaths: [], serviceAccountGetter: stores && serviceAccountGetter(stores) };
  if (!signingKeyFile || issuers.length === 0 || !stores) return out;

  const key = loadSigningKey(signingKeyFile);
  const issuer = tokenIssuer(issuers[0]!, key);
  const config = {
    issuer,
    apiAudiences,
    maxExpirationSeconds: Math.floor(serviceAccounts.maxTokenExpirationMs / 1000),
    extendExpiration: serviceAccounts.extendTokenExpiration,
  };
  out.wrap = (h) => withServiceAccountTokens(h, { config, objects: boundObjectGetters(stores), admission: stores.serviceAccounts.admission });

  if (isDiscoverableIssuer(issuer.issuer)) {
    const keyFiles = serviceAccounts.keyFiles;
    const publicKeys = keyFiles.length ? loadVerificationKeys(keyFiles, '--service-account-key-file').map((k) => k.key) : [key.publicKey];
    const docs = await discoveryDocuments({
      issuer: issuer.issuer,
      jwksUri: serviceAccounts.jwksURI || `https://${externalAddress(options)}${JWKS_PATH}`,
      publicKeys,
    });
    out.nonResourcePaths = issuerDiscoveryPaths(docs);
  }
  return out;
}
