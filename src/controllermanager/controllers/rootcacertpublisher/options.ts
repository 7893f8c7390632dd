// The publisher's settings from the options: --root-ca-file, or else the CA in the orchconfig the
// controller manager reaches the API server with (read when the controller starts).
import type { FlagValues } from '../../../options/flag.ts';
import { loadConnectionConfig } from '../../../client/orchconfig/load.ts';
import { readRootCA, validateCABundle } from './root-ca.ts';
import type { RootCAPublisherOptions } from './publisher.ts';

const str = (values: FlagValues, name: string): string => (typeof values[name] === 'string' ? (values[name] as string) : '');

export function rootCAPublisherOptions(values: FlagValues): RootCAPublisherOptions {
  return {
    rootCA: () => {
      const file = str(values, 'root-ca-file');
      if (file) return readRootCA(file);
      const connection = loadConnectionConfig({ path: str(values, 'orchconfig'), master: str(values, 'master') });
      if (!connection.caData) throw new Error('no --root-ca-file and no certificate authority in the orchconfig: there is no root CA to publish');
      return validateCABundle(connection.caData.toString('utf8'), 'the orchconfig certificate authority');
    },
  };
}
