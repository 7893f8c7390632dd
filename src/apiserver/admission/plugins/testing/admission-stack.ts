// For end-to-end tests of admission plugins: the server composed as orch-apiserver composes it
// (composeApiserver: admission from the options with its late-bound deps, every resource group,
// access control, the start-up hooks), handed to the caller's starter so the real HTTPS server
// runs it.
import type { FlagValues } from '../../../../options/flag.ts';
import type { ServerDeps } from '../../../server/config.ts';
import type { ApiserverStorage } from '../../../../cmd/apiserver/build-storage.ts';
import type { CoreResources } from '../../../../cmd/apiserver/core-resources.ts';
import { composeApiserver } from '../../../../cmd/apiserver/compose.ts';
import type { AdmissionRegistration } from '../../../registry/admissionregistration/build.ts';
import { apiserverOptions } from '../../../../options/apiserver-options.ts';

export interface AdmissionStack<S> {
  server: S;
  storage: ApiserverStorage;
  core: CoreResources;
  registration: AdmissionRegistration;
  stop(): Promise<void>;
}

export async function startAdmissionStack<S extends { stop(): Promise<void> }>(
  values: FlagValues,
  start: (values: FlagValues, deps: ServerDeps) => Promise<S>,
  opts: { featureGates?: { enabled(name: string): boolean } } = {},
): Promise<AdmissionStack<S>> {
  const composed = await composeApiserver(apiserverOptions(values), { featureGates: opts.featureGates });
  let server: S;
  try {
    server = await start(values, composed.serverDeps);
  } catch (err) {
    await composed.close();
    throw err;
  }
  return {
    server,
    storage: composed.storage,
    core: composed.core,
    registration: composed.registration,
    async stop() {
      await server.stop();
      await composed.close();
    },
  };
}
