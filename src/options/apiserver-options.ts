// orch-apiserver's options, typed: one object per group of rows, built once from the parsed (and
// validated) values. Everything past the options layer reads these fields, never a flag name.
import type { FlagValues } from './flag.ts';
import { apiserverFlags } from './apiserver-flags.ts';
import { optionReader } from './option-reader.ts';
import { debuggingOptions, metricsOptions, secureServingOptions, type DebuggingOptions, type MetricsOptions, type SecureServingOptions } from './shared/secure-serving-options.ts';
import { loggingOptions } from './shared/logging-options.ts';
import { versionOptions } from './shared/version-options.ts';
import { apiserverServingOptions, lifecycleOptions, limitsOptions, type ApiserverServingOptions, type LifecycleOptions, type LimitsOptions } from './apiserver/serving-options.ts';
import { authenticationOptions, type AuthenticationOptions } from './apiserver/authentication-options.ts';
import { authorizationOptions, type AuthorizationOptions } from './apiserver/authorization-options.ts';
import { auditOptions, type AuditOptions } from './apiserver/audit-options.ts';
import { storageOptions, type StorageOptions } from './apiserver/storage-options.ts';
import { admissionOptions, type AdmissionOptions } from './apiserver/admission-options.ts';
import { versioningOptions, type VersioningOptions } from './apiserver/versioning-options.ts';
import { nodeAgentOptions, type NodeAgentOptions } from './apiserver/node-agent-options.ts';
import { otherOptions, type OtherOptions } from './apiserver/other-options.ts';
import type { LoggingOptions } from '../component-base/logs/logging-options.ts';
import type { VersionOptions } from '../component-base/version/version.ts';

export interface ApiserverOptions {
  secureServing: SecureServingOptions;
  serving: ApiserverServingOptions;
  debugging: DebuggingOptions;
  limits: LimitsOptions;
  lifecycle: LifecycleOptions;
  metrics: MetricsOptions;
  logging: LoggingOptions;
  version: VersionOptions;
  authentication: AuthenticationOptions;
  authorization: AuthorizationOptions;
  audit: AuditOptions;
  storage: StorageOptions;
  admission: AdmissionOptions;
  versioning: VersioningOptions;
  nodeAgent: NodeAgentOptions;
  /** --tracing-config-file and --egress-selector-config-file. */
  other: OtherOptions;
}

/**
 * The typed options for parsed values; an absent value takes its row's default, so values built by
 * hand (tests) need only name what they change.
 */
export function apiserverOptions(values: FlagValues): ApiserverOptions {
  const r = optionReader(apiserverFlags, values);
  return {
    secureServing: secureServingOptions(r),
    serving: apiserverServingOptions(r),
    debugging: debuggingOptions(r),
    limits: limitsOptions(r),
    lifecycle: lifecycleOptions(r),
    metrics: metricsOptions(r),
    logging: loggingOptions(r),
    version: versionOptions(r),
    authentication: authenticationOptions(r),
    authorization: authorizationOptions(r),
    audit: auditOptions(r),
    storage: storageOptions(r),
    admission: admissionOptions(r),
    versioning: versioningOptions(r),
    nodeAgent: nodeAgentOptions(r),
    other: otherOptions(r),
  };
}
