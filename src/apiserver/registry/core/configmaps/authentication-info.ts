// orch-system/extension-apiserver-authentication: the client CA and the request-header settings,
// published for extension API servers as Kubernetes publishes them (lists JSON-encoded).
import { readFileSync } from 'node:fs';
import type { ConfigMap } from '../../../../api/core/v1/configmap-types.ts';
import type { AuthenticationOptions } from '../../../../options/apiserver/authentication-options.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { getObject } from '../../generic/get.ts';
import { updateObject } from '../../generic/update.ts';

export const AUTHENTICATION_INFO_NAMESPACE = 'orch-system';
export const AUTHENTICATION_INFO_NAME = 'extension-apiserver-authentication';

/** The config map's data for these options; CA files are read now. */
// The data keys are Kubernetes' (they happen to be spelled like the flags).
export function authenticationInfoData(opts: AuthenticationOptions): Record<string, string> {
  const data: Record<string, string> = {};
  if (opts.clientCAFile) data['client-ca-file'] = readFileSync(opts.clientCAFile, 'utf8');
  const rh = opts.requestHeader;
  if (rh.clientCAFile) {
    data['requestheader-client-ca-file'] = readFileSync(rh.clientCAFile, 'utf8');
    data['requestheader-username-headers'] = JSON.stringify(rh.usernameHeaders);
    data['requestheader-uid-headers'] = JSON.stringify(rh.uidHeaders);
    data['requestheader-group-headers'] = JSON.stringify(rh.groupHeaders);
    data['requestheader-extra-headers-prefix'] = JSON.stringify(rh.extraHeadersPrefix);
    data['requestheader-allowed-names'] = JSON.stringify(rh.allowedNames);
  }
  return data;
}

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

export function authenticationInfoHook(opts: AuthenticationOptions, configMaps: () => InstalledResource<ConfigMap, ConfigMap>, after?: Promise<void>): PostStartHook {
  // Read at construction: an unreadable CA file is a start-up error, not a failing hook.
  const data = authenticationInfoData(opts);
  return {
    name: 'start-cluster-authentication-info-controller',
    async run() {
      await after;
      const res = configMaps();
      let current: ConfigMap | undefined;
      try {
        current = await getObject(res, AUTHENTICATION_INFO_NAME, AUTHENTICATION_INFO_NAMESPACE);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (!current) {
        const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: AUTHENTICATION_INFO_NAME, namespace: AUTHENTICATION_INFO_NAMESPACE }, data };
        await createObject(res, cm, AUTHENTICATION_INFO_NAMESPACE, WRITE);
        return;
      }
      current.data = data;
      delete current.binaryData;
      await updateObject(res, AUTHENTICATION_INFO_NAME, AUTHENTICATION_INFO_NAMESPACE, current, WRITE);
    },
  };
}
