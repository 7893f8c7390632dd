// Delegated authentication, as Kubernetes' DelegatingAuthenticationOptions builds it: request
// headers from a verified front proxy, then client certificates, then bearer tokens through
// TokenReview; requests with no credential are anonymous, a bad credential is refused (401).
// The client CA and request-header settings not given as flags are looked up in
// orch-system/extension-apiserver-authentication unless --authentication-skip-lookup; a failed
// lookup stops the start unless --authentication-tolerate-lookup-failure.
import { readFileSync } from 'node:fs';
import type { ConfigMap } from '../../api/core/v1/configmap-types.ts';
import { anonymousAuthenticator } from '../authentication/anonymous.ts';
import { bearerTokenAuthenticator } from '../authentication/bearer-token.ts';
import { parseCertBundle } from '../authentication/cert-verify.ts';
import { requestHeaderAuthenticator } from '../authentication/request-header.ts';
import type { RequestAuthenticator } from '../authentication/types.ts';
import { failOnErrorUnion, unionAuthenticator, withAuthenticatedGroup } from '../authentication/union.ts';
import { x509Authenticator } from '../authentication/x509.ts';
import type { RestClient } from '../../client/rest/client.ts';
import { isNotFound } from '../../machinery/status.ts';
import { klog } from '../logs/klog.ts';
import type { DelegatedAuthenticationOptions } from '../../options/controllermanager/delegated-auth-options.ts';
import { AUTHENTICATION_CONFIG_MAP, readAuthenticationConfigMap, type AuthenticationInfo, type RequestHeaderSettings } from './authentication-config-map.ts';
import { reviewClient } from './review-client.ts';
import { tokenReviewAuthenticator } from './token-review.ts';

const log = klog('delegated/authentication');

export interface DelegatedAuthentication {
  authenticator: RequestAuthenticator;
  /** Authorities the TLS handshake names when asking for a client certificate (PEM), if any. */
  clientCA?: string;
  close(): void;
}

/** Reads the published settings; a missing config map means there is nothing to learn. */
export async function lookupAuthentication(client: RestClient): Promise<AuthenticationInfo> {
  let cm: ConfigMap;
  try {
    cm = await client.request<ConfigMap>({ path: `/api/v1/namespaces/${AUTHENTICATION_CONFIG_MAP.namespace}/configmaps/${AUTHENTICATION_CONFIG_MAP.name}` });
  } catch (err) {
    if (isNotFound(err)) return { clientCA: '' };
    throw err;
  }
  return readAuthenticationConfigMap(cm.data ?? {});
}

function readFile(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`unable to load ${flag} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export async function buildDelegatedAuthentication(opts: DelegatedAuthenticationOptions, userAgent: string): Promise<DelegatedAuthentication> {
  const client = opts.kubeconfig ? reviewClient(opts.kubeconfig, userAgent) : undefined;
  let clientCA = opts.clientCAFile ? readFile(opts.clientCAFile, '--client-ca-file') : '';
  let requestHeader: RequestHeaderSettings | undefined = opts.requestHeaderClientCAFile
    ? {
      clientCA: readFile(opts.requestHeaderClientCAFile, '--requestheader-client-ca-file'),
      allowedNames: opts.requestHeaderAllowedNames,
      usernameHeaders: opts.requestHeaderUsernameHeaders,
      groupHeaders: opts.requestHeaderGroupHeaders,
      extraHeaderPrefixes: opts.requestHeaderExtraHeadersPrefix,
      uidHeaders: opts.requestHeaderUIDHeaders,
    }
    : undefined;

  if (!client) {
    log.warning('No --authentication-kubeconfig: bearer tokens are not checked and no client CA is looked up in the cluster');
  } else if (!opts.skipLookup && (!clientCA || !requestHeader)) {
    try {
      const found = await lookupAuthentication(client);
      if (!clientCA) clientCA = found.clientCA;
      requestHeader ??= found.requestHeader;
    } catch (err) {
      const message = `unable to load configmap based request-header-client-ca-file: ${(err as Error).message}`;
      if (!opts.tolerateLookupFailure) {
        client.close();
        throw new Error(message);
      }
      log.warning('Error looking up in-cluster authentication configuration; continuing without it (--authentication-tolerate-lookup-failure)', { err: (err as Error).message });
    }
  }

  const methods: RequestAuthenticator[] = [];
  if (requestHeader?.clientCA) {
    methods.push(requestHeaderAuthenticator({ ...requestHeader, roots: parseCertBundle(requestHeader.clientCA, 'the request-header client CA') }));
  }
  if (clientCA) methods.push(x509Authenticator({ roots: parseCertBundle(clientCA, 'the client CA'), parseUID: true }));
  if (client) methods.push(bearerTokenAuthenticator([tokenReviewAuthenticator(client, opts.tokenCacheTTLms)]));
  const authenticator = failOnErrorUnion([withAuthenticatedGroup(unionAuthenticator(methods)), anonymousAuthenticator()]);
  const bundles = [clientCA, requestHeader?.clientCA ?? ''].filter((b) => b.trim() !== '');
  return { authenticator, clientCA: bundles.length ? bundles.map((b) => b.trimEnd()).join('\n') + '\n' : undefined, close: () => client?.close() };
}
