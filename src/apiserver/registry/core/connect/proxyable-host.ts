// A node proxy may only reach a node whose address is global unicast (Kubernetes'
// isProxyableHostname): the name is resolved and every address it has must qualify; loopback,
// link-local and the like are refused with a 400 `address not allowed`.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { badRequest } from '../../../../machinery/status.ts';
import { isGlobalUnicastAddress } from './global-unicast.ts';

export async function checkProxyableHost(host: string): Promise<void> {
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw badRequest(`lookup ${host}: no such host`);
    }
  }
  if (addresses.length === 0) throw badRequest('no addresses for hostname');
  if (!addresses.every(isGlobalUnicastAddress)) throw badRequest('address not allowed');
}
