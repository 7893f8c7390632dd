// orch-system/extension-apiserver-authentication, Kubernetes' contract between the API server that
// publishes its client CA and request-header settings and the components that delegate
// authentication to it: where the config map lives, its data keys (Kubernetes spells them like the
// API server's flags, but they are the map's own names) and how lists are written (JSON). The API
// server writes the data with authenticationConfigMapData; components read it back with
// readAuthenticationConfigMap. The keys are written here and nowhere else.
export const AUTHENTICATION_CONFIG_MAP = { namespace: 'orch-system', name: 'extension-apiserver-authentication' };

const KEYS = {
  clientCA: 'client-ca-file',
  requestHeaderClientCA: 'requestheader-client-ca-file',
  usernameHeaders: 'requestheader-username-headers',
  uidHeaders: 'requestheader-uid-headers',
  groupHeaders: 'requestheader-group-headers',
  extraHeaderPrefixes: 'requestheader-extra-headers-prefix',
  allowedNames: 'requestheader-allowed-names',
} as const;

export interface RequestHeaderSettings {
  /** PEM bundle; empty: request-header authentication is off. */
  clientCA: string;
  allowedNames: string[];
  usernameHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
  uidHeaders: string[];
}

export interface AuthenticationInfo {
  /** PEM bundle; '' : none. */
  clientCA: string;
  requestHeader?: RequestHeaderSettings;
}

/** The config map's data, in Kubernetes' key order; absent settings write no keys. */
export function authenticationConfigMapData(info: AuthenticationInfo): Record<string, string> {
  const data: Record<string, string> = {};
  if (info.clientCA) data[KEYS.clientCA] = info.clientCA;
  const rh = info.requestHeader;
  if (rh?.clientCA) {
    data[KEYS.requestHeaderClientCA] = rh.clientCA;
    data[KEYS.usernameHeaders] = JSON.stringify(rh.usernameHeaders);
    data[KEYS.uidHeaders] = JSON.stringify(rh.uidHeaders);
    data[KEYS.groupHeaders] = JSON.stringify(rh.groupHeaders);
    data[KEYS.extraHeaderPrefixes] = JSON.stringify(rh.extraHeaderPrefixes);
    data[KEYS.allowedNames] = JSON.stringify(rh.allowedNames);
  }
  return data;
}

function jsonList(data: Record<string, string>, key: string): string[] {
  const raw = data[key];
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) throw new Error(`${key} in the config map is not a JSON list of strings`);
  return parsed;
}

/** The published settings; a list that is not JSON throws. */
export function readAuthenticationConfigMap(data: Record<string, string>): AuthenticationInfo {
  const requestHeaderCA = data[KEYS.requestHeaderClientCA] ?? '';
  return {
    clientCA: data[KEYS.clientCA] ?? '',
    requestHeader: requestHeaderCA
      ? {
        clientCA: requestHeaderCA,
        allowedNames: jsonList(data, KEYS.allowedNames),
        usernameHeaders: jsonList(data, KEYS.usernameHeaders),
        groupHeaders: jsonList(data, KEYS.groupHeaders),
        extraHeaderPrefixes: jsonList(data, KEYS.extraHeaderPrefixes),
        uidHeaders: jsonList(data, KEYS.uidHeaders),
      }
      : undefined,
  };
}
