// orch-system/extension-apiserver-authentication: the client CA and the request-header settings,
// published for extension API servers as Kubernetes publishes them (the keys and their encoding
// are component-base/delegated/authentication-config-map.ts, which components read it with).
import { readFileSync } from 'node:fs';
import type { ConfigMap } from '../../../../api/core/v1/configmap-types.ts';
import type { AuthenticationOptions } from '../../../../options/apiserver/authentication-options.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { jsonEqual } from '../../../../machinery/patch/json-value.ts';
import { AUTHENTICATION_CONFIG_MAP, authenticationConfigMapData } from '../../../../component-base/delegated/authentication-config-map.ts';
import type { PostStartHook } from '../../../server/config.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { getObject } from '../../generic/get.ts';
import { updateObject } from '../../generic/update.ts';
import { reconcileRacing } from '../../bootstrap-reconcile.ts';

const { namespace: NAMESPACE, name: NAME } = AUTHENTICATION_CONFIG_MAP;

/** The config map's data for these options; CA files are read now. */
export function authenticationInfoData(opts: AuthenticationOptions): Record<string, string> {
  const rh = opts.requestHeader;
  return authenticationConfigMapData({
    clientCA: opts.clientCAFile ? readFileSync(opts.clientCAFile, 'utf8') : '',
    requestHeader: rh.clientCAFile
      ? {
        clientCA: readFileSync(rh.clientCAFile, 'utf8'),
        allowedNames: rh.allowedNames,
        usernameHeaders: rh.usernameHeaders,
        groupHeaders: rh.groupHeaders,
        extraHeaderPrefixes: rh.extraHeadersPrefix,
        uidHeaders: rh.uidHeaders,
      }
      : undefined,
  });
}

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

export function authenticationInfoHook(opts: AuthenticationOptions, configMaps: () => InstalledResource<ConfigMap, ConfigMap>, after?: Promise<void>): PostStartHook {
  // Read at construction: an unreadable CA file is a start-up error, not a failing hook.
  const data = authenticationInfoData(opts);
  return {
    name: 'start-cluster-authentication-info-controller',
    async run() {
      await after;
      // Another API server starting at the same moment may write it between our read and write.
      await reconcileRacing(() => publish(configMaps(), data));
    },
  };
}

/** Creates the config map, or puts the data back into the one there when it differs. */
async function publish(res: InstalledResource<ConfigMap, ConfigMap>, data: Record<string, string>): Promise<void> {
  let current: ConfigMap | undefined;
  try {
    current = await getObject(res, NAME, NAMESPACE);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!current) {
    const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: NAME, namespace: NAMESPACE }, data };
    await createObject(res, cm, NAMESPACE, WRITE);
    return;
  }
  // A restart with the same flags finds its own data: no write, and no managed-fields work at start.
  if (jsonEqual(current.data, data) && current.binaryData === undefined) return;
  current.data = data;
  delete current.binaryData;
  await updateObject(res, NAME, NAMESPACE, current, WRITE);
}
