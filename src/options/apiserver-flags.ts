// orch-apiserver's option table: the shared rows (serving, logging, metrics, feature gates) under
// the apiserver's group headings, composed with the apiserver-only rows by spec section.
import type { FlagSpec } from './flag.ts';
import { secureServingFlags } from './shared/secure-serving.ts';
import { debuggingFlags } from './shared/debugging.ts';
import { loggingFlags } from './shared/logging.ts';
import { metricsFlags } from './shared/metrics.ts';
import { featureGateFlags } from './shared/feature-gates.ts';
import { genericFlags } from './shared/generic.ts';
import { apiserverGroupOrder, LOGGING_METRICS, SERVING, VERSIONING } from './apiserver/groups.ts';
import { apiserverServingFlags } from './apiserver/serving.ts';
import { storageFlags } from './apiserver/storage.ts';
import { admissionFlags } from './apiserver/admission.ts';
import { nodeAgentFlags } from './apiserver/node-agent.ts';
import { otherFlags } from './apiserver/other.ts';
import { lifecycleFlags } from './apiserver/lifecycle.ts';
import { authenticationFlags } from './apiserver/authentication.ts';
import { serviceAccountFlags } from './apiserver/service-account.ts';
import { authorizationFlags } from './apiserver/authorization.ts';
import { auditFlags } from './apiserver/audit.ts';
import { limitsFlags } from './apiserver/limits.ts';
import { versioningFlags } from './apiserver/versioning.ts';

export const APISERVER_COMMAND = 'orch-apiserver';

export const APISERVER_DESCRIPTION =
  'The orch API server validates and configures data for the api objects which include pods, services, ' +
  'replicationcontrollers, and others. The API Server services REST operations and provides the frontend ' +
  "to the cluster's shared state through which all other components interact.";

export const apiserverFlags: readonly FlagSpec[] = [
  ...secureServingFlags({ group: SERVING, securePort: '6443', certDir: '/var/run/orch' }),
  ...apiserverServingFlags,
  ...debuggingFlags(SERVING),
  ...storageFlags,
  ...admissionFlags,
  ...nodeAgentFlags,
  ...loggingFlags(LOGGING_METRICS),
  ...metricsFlags(LOGGING_METRICS),
  ...otherFlags,
  ...genericFlags(LOGGING_METRICS, APISERVER_COMMAND),
  ...lifecycleFlags,
  ...authenticationFlags,
  ...serviceAccountFlags,
  ...authorizationFlags,
  ...auditFlags,
  ...limitsFlags,
  ...featureGateFlags(VERSIONING),
  ...versioningFlags,
];

export { apiserverGroupOrder };
