// orch-apiserver's serving and network rows beyond the shared secure-serving ones.
import type { FlagSpec } from '../flag.ts';
import { SERVING as group } from './groups.ts';

const peerNote = 'peer proxying between servers of different versions is not implemented yet';

export const apiserverServingFlags: readonly FlagSpec[] = [
  { name: 'advertise-address', type: 'string', group, status: 'implemented', valueName: 'ip',
    help: 'The IP address on which to advertise the server to members of the cluster. This address must be reachable by the rest of the cluster. If blank, the --bind-address will be used. If --bind-address is unspecified, the host\'s default interface will be used.' },
  { name: 'goaway-chance', type: 'float', group, status: 'implemented',
    help: 'To prevent HTTP/2 clients from getting stuck on a single server, randomly close a connection (GOAWAY). This sets the fraction of requests that will be sent a GOAWAY. Clusters with single servers, or which don\'t use a load balancer, should NOT enable this. Min is 0 (off), Max is .02 (1/50 requests); .001 (1/1000) is a recommended starting point.' },
  { name: 'strict-transport-security-directives', type: 'strings', group, status: 'implemented',
    help: 'List of directives for HSTS, comma separated. If this list is empty, then HSTS directives will not be added. Example: \'max-age=31536000,includeSubDomains,preload\'' },
  { name: 'cors-allowed-origins', type: 'strings', group, status: 'implemented',
    help: 'List of allowed origins for CORS, comma separated. An allowed origin can be a regular expression to support subdomain matching. If this list is empty CORS will not be enabled. Please ensure each expression matches the entire hostname by anchoring to the start with \'^\' or including the \'//\' prefix, and by anchoring to the end with \'$\' or including the \':\' port separator suffix. Examples of valid expressions are \'//example\\.com(:|$)\' and \'^https://example\\.com(:|$)\'' },
  { name: 'external-hostname', type: 'string', group, status: 'implemented',
    help: 'The hostname to use when generating externalized URLs for this server (e.g. API description and discovery documents).' },
  { name: 'enable-aggregator-routing', type: 'bool', group, status: 'implemented', statusNote: 'through the addresses of the service\'s Endpoints',
    help: 'Turns on aggregator routing requests to endpoints IP rather than cluster IP.' },
  { name: 'aggregator-reject-forwarding-redirect', type: 'bool', default: 'true', group, status: 'implemented', statusNote: 'a redirect is answered 502 with Kubernetes\' message',
    help: 'Aggregator reject forwarding redirect response back to client.' },
  { name: 'proxy-client-cert-file', type: 'string', group, status: 'partial', statusNote: 'shown to aggregated servers; admission webhooks do not present it',
    help: 'Client certificate used to prove the identity of the aggregator or this server when it must call out during a request. This includes proxying requests to a user api-server and calling out to webhook admission plugins. It is expected that this cert includes a signature from the CA in the --requestheader-client-ca-file flag. That CA is published in the \'extension-apiserver-authentication\' configmap in the orch-system namespace.' },
  { name: 'proxy-client-key-file', type: 'string', group, status: 'implemented',
    help: 'Private key for the client certificate used to prove the identity of the aggregator or this server when it must call out during a request.' },
  { name: 'peer-advertise-ip', type: 'string', group, status: 'not-yet', statusNote: peerNote,
    help: 'If set and the UnknownVersionInteroperabilityProxy feature gate is enabled, this IP will be used by peer servers to proxy requests to this server when the request cannot be handled by the peer due to version skew between the servers. This flag is only used in clusters configured with multiple servers for high availability.' },
  { name: 'peer-advertise-port', type: 'string', group, status: 'not-yet', statusNote: peerNote,
    help: 'If set and the UnknownVersionInteroperabilityProxy feature gate is enabled, this port will be used by peer servers to proxy requests to this server when the request cannot be handled by the peer due to version skew between the servers.' },
  { name: 'peer-ca-file', type: 'string', group, status: 'not-yet', statusNote: peerNote,
    help: 'If set and the UnknownVersionInteroperabilityProxy feature gate is enabled, this file will be used to verify serving certificates of peer servers.' },
  { name: 'max-connection-bytes-per-sec', type: 'int', group, status: 'implemented', statusNote: 'paces the response bodies of long-running requests (watches) with a token bucket per client connection',
    help: 'If non-zero, throttle each user connection to this number of bytes/sec. Currently only applies to long-running requests.' },
  { name: 'enable-logs-handler', type: 'bool', group, status: 'implemented', deprecated: 'This flag will be removed in a future release.',
    help: 'If true, install a /logs handler for the server logs.' },
  { name: 'endpoint-reconciler-type', type: 'string', default: 'lease', group, status: 'implemented', statusNote: 'keeps default/orch\'s Endpoints; lease keys live 15s and are renewed every 10s; master-count lists this server only, as with an --apiserver-count of 1',
    help: 'Use an endpoint reconciler (master-count, lease, none). master-count is deprecated, and will be removed in a future version.' },
  { name: 'orch-service-node-port', type: 'int', group, status: 'implemented',
    help: 'If non-zero, the orch primary service will be of type NodePort, using this as the value of the port. If zero, the orch primary service will be of type ClusterIP.' },
  { name: 'service-cluster-ip-range', type: 'string', group, status: 'implemented', statusNote: 'each address is an IPAddress object (networking.orch.io/v1) in storage, not served yet; 10.0.0.0/24 when not given, as Kubernetes',
    help: 'A CIDR notation IP range from which to assign service cluster IPs. This must not overlap with any IP ranges assigned to nodes or pods. Max of two dual-stack CIDRs is allowed.' },
  { name: 'service-node-port-range', type: 'range', default: '30000-32767', group, status: 'implemented', valueName: 'portRange',
    help: 'A port range to reserve for services with NodePort visibility. This must not overlap with the ephemeral port range on nodes. Example: \'30000-32767\'. Inclusive at both ends of the range.' },
];
