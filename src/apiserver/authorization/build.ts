// Builds the authorizer chain from --authorization-mode (or --authorization-config): members of
// system:masters first, then each mode in order; the first allow or deny wins.
import type { AuthorizationOptions } from '../../options/apiserver/authorization-options.ts';
import { MASTERS_GROUP } from '../../component-base/authentication/types.ts';
import { loadWebhookClientConfig } from '../../component-base/authentication/orchconfig-client.ts';
import { abacAuthorizer, loadPolicyFile } from './abac.ts';
import { alwaysAllowAuthorizer } from './always-allow.ts';
import { alwaysDenyAuthorizer } from './always-deny.ts';
import { loadAuthorizationConfiguration, type AuthorizerConfig } from './authorization-config.ts';
import { nodeAuthorizer } from './node/authorizer.ts';
import { privilegedGroupsAuthorizer } from './privileged-groups.ts';
import { anonymousPublicPathsOnly } from './public-paths.ts';
import type { Authorizer } from '../../machinery/authorization/types.ts';
import { unionAuthorizer } from './union.ts';
import { webhookAuthorizer } from './webhook.ts';

/** Modes other packages provide because they need storage (RBAC), keyed by mode name. */
export type AuthorizerModes = Record<string, () => Authorizer>;

const MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'];

function buildOne(cfg: AuthorizerConfig, opts: AuthorizationOptions, modes: AuthorizerModes | undefined): Authorizer {
  const provided = modes?.[cfg.type];
  if (provided) return provided();
  switch (cfg.type) {
    case 'AlwaysAllow':
      return alwaysAllowAuthorizer();
    case 'AlwaysDeny':
      return alwaysDenyAuthorizer();
    case 'Node':
      return nodeAuthorizer();
    case 'ABAC': {
      const file = opts.policyFile;
      if (!file) throw new Error('--authorization-mode ABAC requires --authorization-policy-file');
      return abacAuthorizer(loadPolicyFile(file));
    }
    case 'Webhook': {
      if (cfg.webhook) {
        const w = cfg.webhook;
        return webhookAuthorizer({
          client: loadWebhookClientConfig(w.kubeConfigFile, `--authorization-config webhook ${JSON.stringify(cfg.name)}`),
          version: w.version,
          authorizedTTLms: w.authorizedTTLms,
          unauthorizedTTLms: w.unauthorizedTTLms,
          timeoutMs: w.timeoutMs,
          failureDecision: w.failureDecision,
          name: cfg.name,
          matchConditions: w.matchConditions,
        });
      }
      const file = opts.webhookConfigFile;
      if (!file) throw new Error('--authorization-mode Webhook requires --authorization-webhook-config-file');
      const version = opts.webhookVersion;
      if (version !== 'v1' && version !== 'v1beta1') throw new Error(`--authorization-webhook-version: invalid version ${JSON.stringify(version)}, allowed: v1, v1beta1`);
      return webhookAuthorizer({
        client: loadWebhookClientConfig(file, '--authorization-webhook-config-file'),
        version,
        authorizedTTLms: opts.webhookCacheAuthorizedTTLms,
        unauthorizedTTLms: opts.webhookCacheUnauthorizedTTLms,
      });
    }
    case 'RBAC':
      throw new Error('--authorization-mode RBAC needs the RBAC resources, which this server was built without');
    default:
      throw new Error(`--authorization-mode: unknown authorization mode ${JSON.stringify(cfg.type)} (want ${MODES.join(', ')})`);
  }
}

/** The configured chain, from the structured file or the mode list. */
export function authorizerConfigs(opts: AuthorizationOptions): AuthorizerConfig[] {
  if (opts.configFile) return loadAuthorizationConfiguration(opts.configFile);
  const modes = opts.modes;
  const seen = new Set<string>();
  return modes.map((mode) => {
    if (seen.has(mode)) throw new Error(`--authorization-mode: mode ${mode} given more than once`);
    seen.add(mode);
    if (!MODES.includes(mode)) throw new Error(`--authorization-mode: unknown authorization mode ${JSON.stringify(mode)} (want ${MODES.join(', ')})`);
    return { type: mode, name: mode.toLowerCase() };
  });
}

export function buildAuthorizer(options: AuthorizationOptions, opts: { anonymousEnabled: boolean; modes?: AuthorizerModes }): Authorizer {
  const configs = authorizerConfigs(options);
  const steps: Authorizer[] = [privilegedGroupsAuthorizer([MASTERS_GROUP])];
  // Kubernetes turns anonymous authentication off when AlwaysAllow is configured; here anonymous
  // users of such a chain reach only the public health and version paths.
  if (opts.anonymousEnabled && configs.some((c) => c.type === 'AlwaysAllow')) steps.push(anonymousPublicPathsOnly());
  for (const cfg of configs) steps.push(buildOne(cfg, options, opts.modes));
  return unionAuthorizer(steps);
}
