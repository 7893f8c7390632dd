// Authorization rows.
import type { FlagSpec } from '../flag.ts';
import { AUTHORIZATION as group } from './groups.ts';

export const authorizationModes: readonly string[] = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'];

export const authorizationFlags: readonly FlagSpec[] = [
  { name: 'authorization-mode', type: 'strings', default: 'AlwaysAllow', group, status: 'implemented',
    help: `Ordered list of plug-ins to do authorization on secure port. Defaults to AlwaysAllow if --authorization-config is not used. Comma-delimited list of: ${authorizationModes.join(',')}.` },
  { name: 'authorization-config', type: 'string', group, status: 'implemented',
    help: 'File with Authorization Configuration to configure the authorizer chain. Requires feature gate StructuredAuthorizationConfiguration. This flag is mutually exclusive with the other --authorization-mode and --authorization-webhook-* flags.' },
  { name: 'authorization-policy-file', type: 'string', group, status: 'implemented',
    help: 'File with authorization policy in json line by line format, used with --authorization-mode=ABAC, on the secure port.' },
  { name: 'authorization-webhook-config-file', type: 'string', group, status: 'implemented',
    help: 'File with webhook configuration in orchconfig format, used with --authorization-mode=Webhook. The server will query the remote service to determine access on the server\'s secure port.' },
  { name: 'authorization-webhook-version', type: 'string', default: 'v1beta1', group, status: 'implemented',
    help: 'The API version of the authorization.orch.io SubjectAccessReview to send to and expect from the webhook.' },
  { name: 'authorization-webhook-cache-authorized-ttl', type: 'duration', default: '5m0s', group, status: 'implemented',
    help: 'The duration to cache \'authorized\' responses from the webhook authorizer.' },
  { name: 'authorization-webhook-cache-unauthorized-ttl', type: 'duration', default: '30s', group, status: 'implemented',
    help: 'The duration to cache \'unauthorized\' responses from the webhook authorizer.' },
];

export const authorizationWebhookFlagNames: readonly string[] = authorizationFlags
  .filter((f) => f.name.startsWith('authorization-webhook-'))
  .map((f) => f.name);
