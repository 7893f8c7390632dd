// The publisher's settings from the options: --root-ca-file, or else the CA in the orchconfig the
// controller manager reaches the API server with (read when the controller starts).
import type { ClientOptions } from '../../../options/controllermanager/client-options.ts';
import type { ServiceAccountControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import { loadConnectionConfig } from '../../../client/orchconfig/load.ts';
import { readRootCA, validateCABundle } from './root-ca.ts';
import type { RootCAPublisherOptions } from './publisher.ts';

export function rootCAPublisherOptions(serviceAccounts: ServiceAccountControllerOptions, client: ClientOptions): RootCAPublisherOptions {
  return {
    rootCA: () => {
      if (serviceAccounts.rootCAFile) return readRootCA(serviceAccounts.rootCAFile);
      const connection = loadConnectionConfig({ path: client.orchconfig, master: client.master });
      if (!connection.caData) throw new Error('no --root-ca-file and no certificate authority in the orchconfig: there is no root CA to publish');
      return validateCABundle(connection.caData.toString('utf8'), 'the orchconfig certificate authority');
    },
  };
}
