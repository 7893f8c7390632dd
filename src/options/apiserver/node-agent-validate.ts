// Rules of the node agent connection rows.
import { isSet, list, num, type ValidationContext } from '../validation-context.ts';
import { nodeAgentAddressTypes } from './node-agent.ts';

export function validateNodeAgent(ctx: ValidationContext): void {
  for (const type of list(ctx, 'nodeagent-preferred-address-types')) {
    if (!nodeAgentAddressTypes.includes(type)) {
      ctx.errors.push(`--nodeagent-preferred-address-types: ${JSON.stringify(type)} is not a valid address type, allowed: ${nodeAgentAddressTypes.join(', ')}`);
    }
  }
  if (isSet(ctx, 'nodeagent-client-certificate') !== isSet(ctx, 'nodeagent-client-key')) {
    ctx.errors.push('--nodeagent-client-certificate and --nodeagent-client-key must be given together');
  }
  const timeout = num(ctx, 'nodeagent-timeout');
  if (timeout !== undefined && timeout <= 0) ctx.errors.push('--nodeagent-timeout must be a positive duration');
}
