// The Secrets a bootstrap token names, read from the served Secrets resource. A token names its
// Secret, so each look-up is one get by name in orch-system; accepted tokens are then remembered
// for 10 s by the token cache in front of every authenticator.
import type { Secret } from '../../api/core/v1/secret-types.ts';
import { isNotFound } from '../../machinery/status.ts';
import { getObject } from '../registry/generic/get.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { BOOTSTRAP_TOKEN_NAMESPACE, type BootstrapTokenSecrets } from './bootstrap-token.ts';

export function storedBootstrapTokenSecrets(secrets: InstalledResource<Secret, Secret>): BootstrapTokenSecrets {
  return {
    async get(name) {
      try {
        return await getObject(secrets, name, BOOTSTRAP_TOKEN_NAMESPACE);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
  };
}

/** The core Secrets resource among the served ones, as bootstrap token Secrets; undefined when Secrets are not served. */
export function bootstrapTokenSecretsFrom(resources: readonly InstalledResource<any, any>[]): BootstrapTokenSecrets | undefined {
  const secrets = resources.find((r) => r.declaration.group === '' && r.declaration.plural === 'secrets' && !r.subresource);
  return secrets && storedBootstrapTokenSecrets(secrets);
}
