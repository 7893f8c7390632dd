// The --authorization-* rows as a typed options object; authorization-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface AuthorizationOptions {
  /** The modes in order (AlwaysAllow by default). */
  modes: string[];
  /** --authorization-config; '' : the chain comes from the modes. */
  configFile: string;
  policyFile: string;
  webhookConfigFile: string;
  webhookVersion: string;
  webhookCacheAuthorizedTTLms: number;
  webhookCacheUnauthorizedTTLms: number;
}

export function authorizationOptions(r: OptionReader): AuthorizationOptions {
  return {
    modes: r.strings('authorization-mode'),
    configFile: r.string('authorization-config'),
    policyFile: r.string('authorization-policy-file'),
    webhookConfigFile: r.string('authorization-webhook-config-file'),
    webhookVersion: r.string('authorization-webhook-version'),
    webhookCacheAuthorizedTTLms: r.number('authorization-webhook-cache-authorized-ttl'),
    webhookCacheUnauthorizedTTLms: r.number('authorization-webhook-cache-unauthorized-ttl'),
  };
}
