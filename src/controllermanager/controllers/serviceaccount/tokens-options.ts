// The serviceaccount-token controller's settings from the options, read when it starts: the
// --service-account-private-key-file key (none: the controller stays off), the CA for ca.crt
// (--root-ca-file, else the orchconfig's CA) and --concurrent-serviceaccount-token-syncs.
import type { ClientOptions } from '../../../options/controllermanager/client-options.ts';
import type { TokensControllerOptions } from '../../../options/controllermanager/cert-signing-options.ts';
import type { ServiceAccountControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import { rootCAPublisherOptions } from '../rootcacertpublisher/options.ts';
import type { TokensControllerRunOptions } from './tokens-controller.ts';
import { loadLegacyTokenGenerator } from './tokens-jwt.ts';

export function tokensRunOptions(tokens: TokensControllerOptions, serviceAccounts: ServiceAccountControllerOptions, client: ClientOptions): () => TokensControllerRunOptions | undefined {
  return () => {
    if (!tokens.serviceAccountKeyFile) return undefined;
    const generator = loadLegacyTokenGenerator(tokens.serviceAccountKeyFile);
    const rootCA = rootCAPublisherOptions(serviceAccounts, client).rootCA;
    return { generator, rootCA: typeof rootCA === 'function' ? rootCA() : rootCA, workers: tokens.workers };
  };
}
