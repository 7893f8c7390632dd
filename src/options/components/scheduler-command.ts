// orch-scheduler's command line: which pods it schedules (by schedulerName), how it reaches the
// API server, how many bindings it has in flight, and how unschedulable pods back off.
import type { FlagSpec, FlagValues } from '../flag.ts';
import { commandHelp, loadCommandOptions, type CommandDefinition, type LoadedOptions } from '../command-loader.ts';
import { optionReader } from '../option-reader.ts';
import { loggingOptions } from '../shared/logging-options.ts';
import { num, str, type ValidationContext } from '../validation-context.ts';
import type { LoggingOptions } from '../../component-base/logs/logging-options.ts';
import { apiClientFlags, apiClientOptions, validateApiClientRows, type ApiClientOptions } from './api-client.ts';
import { commonComponentFlags, componentValidator, GENERIC_GROUP, LOGGING_GROUP } from './component-command.ts';

export const SCHEDULER_COMMAND = 'orch-scheduler';

const SCHEDULING = 'Scheduling';
const CLIENT = 'API client';

export const schedulerFlags: readonly FlagSpec[] = [
  { name: 'scheduler-name', type: 'string', default: 'default-scheduler', group: SCHEDULING, status: 'implemented',
    help: 'Pods whose spec.schedulerName is this are scheduled; Events are reported under this name.' },
  { name: 'parallelism', type: 'int', default: '16', group: SCHEDULING, status: 'implemented',
    help: 'Bindings in flight at once.' },
  { name: 'pod-initial-backoff-seconds', type: 'int', default: '1', group: SCHEDULING, status: 'implemented',
    help: 'The first wait before an unschedulable pod is tried again; it doubles with each attempt.' },
  { name: 'pod-max-backoff-seconds', type: 'int', default: '10', group: SCHEDULING, status: 'implemented',
    help: 'The longest wait before an unschedulable pod is tried again.' },
  { name: 'pod-max-in-unschedulable-pods-duration', type: 'duration', default: '5m0s', group: SCHEDULING, status: 'implemented',
    help: 'An unschedulable pod is tried again after this long even when nothing in the cluster changed.' },
  ...apiClientFlags(CLIENT, { qps: 500, burst: 1000 }),
  ...commonComponentFlags(SCHEDULER_COMMAND),
];

export interface SchedulerOptions {
  schedulerName: string;
  parallelism: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  maxUnschedulableMs: number;
  client: ApiClientOptions;
  logging: LoggingOptions;
}

function schedulerOptions(values: FlagValues): SchedulerOptions {
  const r = optionReader(schedulerFlags, values);
  return {
    schedulerName: r.string('scheduler-name'),
    parallelism: r.number('parallelism'),
    initialBackoffMs: r.number('pod-initial-backoff-seconds') * 1000,
    maxBackoffMs: r.number('pod-max-backoff-seconds') * 1000,
    maxUnschedulableMs: r.number('pod-max-in-unschedulable-pods-duration'),
    client: apiClientOptions(r),
    logging: loggingOptions(r),
  };
}

function validateScheduler(ctx: ValidationContext): void {
  if (str(ctx, 'scheduler-name') === '') ctx.errors.push('--scheduler-name must not be empty');
  if ((num(ctx, 'parallelism') ?? 16) < 1) ctx.errors.push('--parallelism must be at least 1');
  const initial = num(ctx, 'pod-initial-backoff-seconds') ?? 1;
  const max = num(ctx, 'pod-max-backoff-seconds') ?? 10;
  if (initial < 1) ctx.errors.push('--pod-initial-backoff-seconds must be at least 1');
  if (max < initial) ctx.errors.push('--pod-max-backoff-seconds must be at least --pod-initial-backoff-seconds');
  if ((num(ctx, 'pod-max-in-unschedulable-pods-duration') ?? 1) <= 0) ctx.errors.push('--pod-max-in-unschedulable-pods-duration must be a positive duration');
}

const schedulerCommand: CommandDefinition<SchedulerOptions> = {
  command: SCHEDULER_COMMAND,
  description:
    'The orch scheduler assigns each pod that names it, and has no node yet, to a node that fits it: the pod\'s node ' +
    'selector and required node affinity, the node\'s taints, free resources and pod slots; among those it prefers the ' +
    'least allocated. It binds the pod through the API and reports why a pod fits nowhere.',
  flags: schedulerFlags,
  groupOrder: [SCHEDULING, CLIENT, LOGGING_GROUP, GENERIC_GROUP],
  validate: componentValidator(schedulerFlags, [validateScheduler, validateApiClientRows]),
  build: schedulerOptions,
};

export function schedulerHelp(): string {
  return commandHelp(schedulerCommand);
}

export function loadSchedulerOptions(argv: string[]): LoadedOptions<SchedulerOptions> {
  return loadCommandOptions(schedulerCommand, argv);
}
