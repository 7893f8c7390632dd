// The certificate signing and service account token rows as typed options, named as Kubernetes
// names their configurations (CSRSigningControllerConfiguration, SAControllerConfiguration,
// LegacySATokenCleanerConfiguration). Each controller reads only its own object.
import type { OptionReader } from '../option-reader.ts';
import { SPECIFIC_SIGNERS } from './cert-signing.ts';

export interface SignerFiles {
  certFile: string;
  keyFile: string;
}

export interface CSRSigningControllerOptions {
  /** --cluster-signing-cert-file / --cluster-signing-key-file: every built-in signer's CA. */
  clusterSigningCertFile: string;
  clusterSigningKeyFile: string;
  /** The per-signer pairs, by signer name; when any is given, the general pair is not used. */
  signerFiles: Record<string, SignerFiles>;
  /** --cluster-signing-duration: the longest certificate issued. */
  clusterSigningDurationMs: number;
}

export function csrSigningControllerOptions(r: OptionReader): CSRSigningControllerOptions {
  const signerFiles: Record<string, SignerFiles> = {};
  for (const [infix, signer] of SPECIFIC_SIGNERS) {
    signerFiles[signer] = { certFile: r.string(`cluster-signing-${infix}-cert-file`), keyFile: r.string(`cluster-signing-${infix}-key-file`) };
  }
  return {
    clusterSigningCertFile: r.string('cluster-signing-cert-file'),
    clusterSigningKeyFile: r.string('cluster-signing-key-file'),
    signerFiles,
    clusterSigningDurationMs: r.number('cluster-signing-duration'),
  };
}

export interface TokensControllerOptions {
  /** --service-account-private-key-file: signs legacy token Secrets; '' turns the controller off. */
  serviceAccountKeyFile: string;
  /** --concurrent-serviceaccount-token-syncs. */
  workers: number;
}

export function tokensControllerOptions(r: OptionReader): TokensControllerOptions {
  return { serviceAccountKeyFile: r.string('service-account-private-key-file'), workers: r.positiveNumber('concurrent-serviceaccount-token-syncs') };
}

export interface LegacySATokenCleanerOptions {
  /** --legacy-service-account-token-clean-up-period. */
  cleanUpPeriodMs: number;
}

export function legacySATokenCleanerOptions(r: OptionReader): LegacySATokenCleanerOptions {
  return { cleanUpPeriodMs: r.number('legacy-service-account-token-clean-up-period') };
}
