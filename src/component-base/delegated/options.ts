// The delegated authentication and authorization settings of a component's secure port, read from
// its flags (--authentication-kubeconfig, --client-ca-file, --requestheader-*, --authorization-*).
import type { FlagValues } from '../../options/flag.ts';

export interface DelegatedAuthenticationOptions {
  /** --authentication-kubeconfig; empty: tokens are not checked, nothing is looked up. */
  kubeconfig: string;
  skipLookup: boolean;
  tolerateLookupFailure: boolean;
  tokenCacheTTLms: number;
  /** --client-ca-file. */
  clientCAFile: string;
  requestHeaderClientCAFile: string;
  requestHeaderAllowedNames: string[];
  requestHeaderUsernameHeaders: string[];
  requestHeaderGroupHeaders: string[];
  requestHeaderExtraHeadersPrefix: string[];
  requestHeaderUIDHeaders: string[];
}

export interface DelegatedAuthorizationOptions {
  /** --authorization-kubeconfig; empty: everything not always allowed is forbidden. */
  kubeconfig: string;
  alwaysAllowPaths: string[];
  /** Kubernetes always allows system:masters (the API server would allow it anyway). */
  alwaysAllowGroups: string[];
  allowCacheTTLms: number;
  denyCacheTTLms: number;
}

const str = (v: FlagValues, n: string) => (typeof v[n] === 'string' ? (v[n] as string) : '');
const list = (v: FlagValues, n: string, fallback: string[] = []) => (Array.isArray(v[n]) ? (v[n] as string[]) : fallback);
const ms = (v: FlagValues, n: string, fallback: number) => (typeof v[n] === 'number' ? (v[n] as number) : fallback);

export function delegatedAuthenticationOptions(values: FlagValues): DelegatedAuthenticationOptions {
  return {
    kubeconfig: str(values, 'authentication-kubeconfig'),
    skipLookup: values['authentication-skip-lookup'] === true,
    tolerateLookupFailure: values['authentication-tolerate-lookup-failure'] === true,
    tokenCacheTTLms: ms(values, 'authentication-token-webhook-cache-ttl', 10_000),
    clientCAFile: str(values, 'client-ca-file'),
    requestHeaderClientCAFile: str(values, 'requestheader-client-ca-file'),
    requestHeaderAllowedNames: list(values, 'requestheader-allowed-names'),
    requestHeaderUsernameHeaders: list(values, 'requestheader-username-headers', ['x-remote-user']),
    requestHeaderGroupHeaders: list(values, 'requestheader-group-headers', ['x-remote-group']),
    requestHeaderExtraHeadersPrefix: list(values, 'requestheader-extra-headers-prefix', ['x-remote-extra-']),
    requestHeaderUIDHeaders: list(values, 'requestheader-uid-headers'),
  };
}

export function delegatedAuthorizationOptions(values: FlagValues): DelegatedAuthorizationOptions {
  return {
    kubeconfig: str(values, 'authorization-kubeconfig'),
    alwaysAllowPaths: list(values, 'authorization-always-allow-paths', ['/healthz', '/readyz', '/livez']),
    alwaysAllowGroups: ['system:masters'],
    allowCacheTTLms: ms(values, 'authorization-webhook-cache-authorized-ttl', 10_000),
    denyCacheTTLms: ms(values, 'authorization-webhook-cache-unauthorized-ttl', 10_000),
  };
}
