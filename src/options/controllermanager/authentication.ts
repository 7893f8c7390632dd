// Delegated authentication and authorization rows: TokenReview and SubjectAccessReview through the
// given orchconfig files, client certificates and request headers, the lookup of
// extension-apiserver-authentication. Without an authorization file every request outside
// --authorization-always-allow-paths (and not from system:masters) is forbidden, as in Kubernetes.
import type { FlagSpec } from '../flag.ts';
import { AUTHENTICATION as group } from './groups.ts';


export const controllerManagerAuthFlags: readonly FlagSpec[] = [
  { name: 'authentication-kubeconfig', type: 'string', group, status: 'implemented',
    help: "orchconfig file pointing at the 'core' orch server with enough rights to create tokenreviews.authentication.orch.io. This is optional. If empty, all token requests are considered to be anonymous and no client CA is looked up in the cluster." },
  { name: 'authentication-skip-lookup', type: 'bool', group, status: 'implemented',
    help: 'If false, the authentication-kubeconfig will be used to lookup missing authentication configuration from the cluster.' },
  { name: 'authentication-tolerate-lookup-failure', type: 'bool', group, status: 'implemented',
    help: 'If true, failures to look up missing authentication configuration from the cluster are not considered fatal. Note that this can result in authentication that treats all requests as anonymous.' },
  { name: 'authentication-token-webhook-cache-ttl', type: 'duration', default: '10s', group, status: 'implemented',
    help: 'The duration to cache responses from the webhook token authenticator.' },
  { name: 'client-ca-file', type: 'string', group, status: 'implemented',
    help: 'If set, any request presenting a client certificate signed by one of the authorities in the client-ca-file is authenticated with an identity corresponding to the CommonName of the client certificate.' },
  { name: 'authorization-kubeconfig', type: 'string', group, status: 'implemented',
    help: "orchconfig file pointing at the 'core' orch server with enough rights to create subjectaccessreviews.authorization.orch.io. This is optional. If empty, all requests not skipped by authorization are forbidden." },
  { name: 'authorization-always-allow-paths', type: 'strings', default: '/healthz,/readyz,/livez', group, status: 'implemented',
    help: 'A list of HTTP paths to skip during authorization, i.e. these are authorized without contacting the \'core\' orch server.' },
  { name: 'authorization-webhook-cache-authorized-ttl', type: 'duration', default: '10s', group, status: 'implemented',
    help: "The duration to cache 'authorized' responses from the webhook authorizer." },
  { name: 'authorization-webhook-cache-unauthorized-ttl', type: 'duration', default: '10s', group, status: 'implemented',
    help: "The duration to cache 'unauthorized' responses from the webhook authorizer." },
  { name: 'requestheader-client-ca-file', type: 'string', group, status: 'implemented',
    help: 'Root certificate bundle to use to verify client certificates on incoming requests before trusting usernames in headers specified by --requestheader-username-headers. WARNING: generally do not depend on authorization being already done for incoming requests.' },
  { name: 'requestheader-allowed-names', type: 'strings', group, status: 'implemented',
    help: 'List of client certificate common names to allow to provide usernames in headers specified by --requestheader-username-headers. If empty, any client certificate validated by the authorities in --requestheader-client-ca-file is allowed.' },
  { name: 'requestheader-username-headers', type: 'strings', default: 'x-remote-user', group, status: 'implemented',
    help: 'List of request headers to inspect for usernames. X-Remote-User is common.' },
  { name: 'requestheader-group-headers', type: 'strings', default: 'x-remote-group', group, status: 'implemented',
    help: 'List of request headers to inspect for groups. X-Remote-Group is suggested.' },
  { name: 'requestheader-extra-headers-prefix', type: 'strings', default: 'x-remote-extra-', group, status: 'implemented',
    help: 'List of request header prefixes to inspect. X-Remote-Extra- is suggested.' },
  { name: 'requestheader-uid-headers', type: 'strings', group, status: 'implemented',
    help: 'List of request headers to inspect for UIDs. X-Remote-Uid is suggested. Requires the RemoteRequestHeaderUID feature to be enabled.' },
];
