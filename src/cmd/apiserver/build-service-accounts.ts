// Service accounts beyond their REST resource, composed from the options: the token subresource
// (with --service-account-signing-key-file and --service-account-issuer), issuer discovery
// documents (when the issuer is an https URL), and the stored accounts and secrets behind
// --service-account-lookup.
import type { FlagValues } from '../../options/flag.ts';
import { nonEmptyStringsFlag, stringFlag } from '../../options/flag-values.ts';
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
  return serviceAccounts && secrets ? { serviceAccounts, secrets } : undefined;
}

/** The host:port relying parties reach this server at, for the default jwks_uri. */
function externalAddress(values: FlagValues): string {
  // As the server's own external host: --external-hostname, else --advertise-address, else a specific --bind-address.
  const bind = stringFlag(values, 'bind-address');
  const host = stringFlag(values, 'external-hostname') || stringFlag(values, 'advertise-address') || (bind && bind !== '0.0.0.0' && bind !== '::' ? bind : 'localhost');
  const port = typeof values['secure-port'] === 'number' ? values['secure-port'] : 6443;
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

export async function buildServiceAccounts(values: FlagValues, resources: readonly InstalledResource<any, any>[]): Promise<ServiceAccountServing> {
  const stores = findStores(resources);
  const issuers = nonEmptyStringsFlag(values, 'service-account-issuer');
  const signingKeyFile = stringFlag(values, 'service-account-signing-key-file');
  const apiAudiences = nonEmptyStringsFlag(values, 'api-audiences').length ? nonEmptyStringsFlag(values, 'api-audiences') : issuers;
  const out: ServiceAccountServing = { wrap: (h) => h, nonResourcePaths: [], serviceAccountGetter: stores && serviceAccountGetter(stores) };
  if (!signingKeyFile || issuers.length === 0 || !stores) return out;

  const key = loadSigningKey(signingKeyFile);
  const issuer = tokenIssuer(issuers[0]!, key);
  const maxExpiration = values['service-account-max-token-expiration'];
  const config = {
    issuer,
    apiAudiences,
    maxExpirationSeconds: typeof maxExpiration === 'number' ? Math.floor(maxExpiration / 1000) : 0,
    extendExpiration: values['service-account-extend-token-expiration'] !== false,
  };
  out.wrap = (h) => withServiceAccountTokens(h, { config, objects: boundObjectGetters(stores) });

  if (isDiscoverableIssuer(issuer.issuer)) {
    const keyFiles = nonEmptyStringsFlag(values, 'service-account-key-file');
    const publicKeys = keyFiles.length ? loadVerificationKeys(keyFiles, '--service-account-key-file').map((k) => k.key) : [key.publicKey];
    const docs = await discoveryDocuments({
      issuer: issuer.issuer,
      jwksUri: stringFlag(values, 'service-account-jwks-uri') || `https://${externalAddress(values)}${JWKS_PATH}`,
      publicKeys,
    });
    out.nonResourcePaths = issuerDiscoveryPaths(docs);
  }
  return out;
}
