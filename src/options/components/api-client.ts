// The API client rows the scheduler and the node agent share (--orchconfig, --master,
// --orch-api-qps/-burst/-content-type) as rows, a typed options object and their rules. Each
// component gives its own QPS and burst defaults: the node agent speaks for many nodes at once.
import type { FlagSpec } from '../flag.ts';
import type { OptionReader } from '../option-reader.ts';
import { num, str, type ValidationContext } from '../validation-context.ts';
import { API_CONTENT_TYPES } from '../controllermanager/periods-client.ts';

export interface ApiClientOptions {
  orchconfig: string;
  /** Overrides the orchconfig's server; '' : the orchconfig's. */
  master: string;
  qps: number;
  burst: number;
  contentType: string;
}

export function apiClientFlags(group: string, defaults: { qps: number; burst: number }): FlagSpec[] {
  return [
    { name: 'orchconfig', type: 'string', group, status: 'implemented',
      help: 'Path to orchconfig file with authorization and master location information (the master location can be overridden by the master flag).' },
    { name: 'master', type: 'string', group, status: 'implemented',
      help: 'The address of the orch API server (overrides any value in orchconfig).' },
    { name: 'orch-api-qps', type: 'float', default: String(defaults.qps), group, status: 'implemented', valueName: 'float32',
      help: 'QPS to use while talking with orch-apiserver.' },
    { name: 'orch-api-burst', type: 'int', default: String(defaults.burst), group, status: 'implemented', valueName: 'int32',
      help: 'Burst to use while talking with orch-apiserver.' },
    { name: 'orch-api-content-type', type: 'string', default: 'application/vnd.orch.protobuf', group, status: 'implemented',
      help: 'Content type of requests sent to apiserver. Kinds without a protobuf form are sent and read as JSON.' },
  ];
}

export function apiClientOptions(r: OptionReader): ApiClientOptions {
  return {
    orchconfig: r.string('orchconfig'),
    master: r.string('master'),
    qps: r.number('orch-api-qps'),
    burst: r.number('orch-api-burst'),
    contentType: r.string('orch-api-content-type'),
  };
}

export function validateApiClientRows(ctx: ValidationContext): void {
  if (str(ctx, 'orchconfig') === '' && str(ctx, 'master') === '') ctx.errors.push('neither --orchconfig nor --master was specified: the API server cannot be reached');
  const qps = num(ctx, 'orch-api-qps');
  if (qps !== undefined && qps <= 0) ctx.errors.push('--orch-api-qps must be positive');
  const burst = num(ctx, 'orch-api-burst');
  if (burst !== undefined && burst < 1) ctx.errors.push('--orch-api-burst must be at least 1');
  const contentType = str(ctx, 'orch-api-content-type');
  if (!API_CONTENT_TYPES.includes(contentType)) {
    ctx.errors.push(`--orch-api-content-type ${JSON.stringify(contentType)} invalid, allowed values: ${API_CONTENT_TYPES.join(', ')}`);
  }
}
