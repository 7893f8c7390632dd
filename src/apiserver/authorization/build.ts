// Builds the authorizer from --authorization-mode. Modes not built yet are refused at start-up
// rather than approximated.
import type { FlagValues } from '../../options/flag.ts';
import { MASTERS_GROUP } from '../authentication/types.ts';
import { alwaysAllowAuthorizer } from './always-allow.ts';
import { alwaysDenyAuthorizer } from './always-deny.ts';
import { privilegedGroupsAuthorizer } from './privileged-groups.ts';
import { anonymousPublicPathsOnly } from './public-paths.ts';
import type { Authorizer } from './types.ts';
import { unionAuthorizer } from './union.ts';

const KNOWN_NOT_IMPLEMENTED = new Set(['ABAC', 'Webhook', 'RBAC', 'Node']);

/** Extra modes other packages provide (e.g. RBAC), keyed by mode name. */
export type AuthorizerModes = Record<string, () => Authorizer>;

export function buildAuthorizer(values: FlagValues, opts: { anonymousEnabled: boolean; modes?: AuthorizerModes }): Authorizer {
  const given = values['authorization-mode'];
  const modes = Array.isArray(given) && given.length ? given : ['AlwaysAllow'];
  if (typeof values['authorization-config'] === 'string' && values['authorization-config'] !== '') {
    throw new Error('--authorization-config is not implemented yet; use --authorization-mode');
  }
  const steps: Authorizer[] = [privilegedGroupsAuthorizer([MASTERS_GROUP])];
  if (opts.anonymousEnabled) steps.push(anonymousPublicPathsOnly());
  const seen = new Set<string>();
  for (const mode of modes) {
    if (seen.has(mode)) throw new Error(`--authorization-mode: mode ${mode} given more than once`);
    seen.add(mode);
    const extra = opts.modes?.[mode];
    if (extra) steps.push(extra());
    else if (mode === 'AlwaysAllow') steps.push(alwaysAllowAuthorizer());
    else if (mode === 'AlwaysDeny') steps.push(alwaysDenyAuthorizer());
    else if (KNOWN_NOT_IMPLEMENTED.has(mode)) throw new Error(`--authorization-mode ${mode} is not implemented yet; use AlwaysAllow or AlwaysDeny`);
    else throw new Error(`--authorization-mode: unknown authorization mode ${JSON.stringify(mode)} (want AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC or Node)`);
  }
  return unionAuthorizer(steps);
}
