// The certificatesigningrequest-signing controller, as Kubernetes 1.35 runs it: one signing loop per
// built-in signer that has a CA — every signer from --cluster-signing-cert-file/-key-file, or, when
// any per-signer pair is given, only the signers given one. Without any pair the controller does
// nothing. A loop signs the approved, not failed requests to its signer: a request its signer does
// not accept gets the Failed condition (SignerValidationFailure, with the reason); any other gets
// status.certificate, a certificate valid for --cluster-signing-duration or the request's shorter
// spec.expirationSeconds. Five workers per signer.
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';
import { nowTime } from '../../../api/meta/v1/time.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { CSRSigningControllerOptions, SignerFiles } from '../../../options/controllermanager/cert-signing-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { CAProvider } from './ca-provider.ts';
import { readCertificateRequest, type CertificateRequest } from './certificate-request.ts';
import { hasTrueCondition, isApproved } from './csr-conditions.ts';
import { CSRS, runCertificateLoop } from './csr-controller.ts';
import { signRequest } from './sign-request.ts';
import { certificateDurationMs } from './signing-policy.ts';
import { BUILT_IN_SIGNERS, signerRequestError, type BuiltInSigner } from './signer-requests.ts';

const log = klog('controllermanager/csrsigning');

export const CONTROLLER_NAME = 'certificatesigningrequest-signing-controller';
const WORKERS = 5;

/** Each signer's loop name, as Kubernetes names them. */
const LOOP_NAMES: Readonly<Record<BuiltInSigner, string>> = {
  'orch.io/kubelet-serving': 'csrsigning-kubelet-serving',
  'orch.io/kube-apiserver-client-kubelet': 'csrsigning-kubelet-client',
  'orch.io/kube-apiserver-client': 'csrsigning-kube-apiserver-client',
  'orch.io/legacy-unknown': 'csrsigning-legacy-unknown',
};

const given = (files: SignerFiles | undefined) => Boolean(files && (files.certFile || files.keyFile));

/** The CA files of each signer that signs; empty when none does. Throws when both forms are given. */
export function signerFiles(opts: CSRSigningControllerOptions): Map<BuiltInSigner, SignerFiles> {
  const anySpecific = BUILT_IN_SIGNERS.some((s) => given(opts.signerFiles[s]));
  const missingGeneral = !opts.clusterSigningCertFile || !opts.clusterSigningKeyFile;
  const out = new Map<BuiltInSigner, SignerFiles>();
  if (missingGeneral && !anySpecific) return out;
  if (!missingGeneral && anySpecific) throw new Error('cannot specify default and per controller certs at the same time');
  for (const signer of BUILT_IN_SIGNERS) {
    const files = anySpecific ? opts.signerFiles[signer] : { certFile: opts.clusterSigningCertFile, keyFile: opts.clusterSigningKeyFile };
    if (given(files)) out.set(signer, files!);
    else log.info('Skipping CSR signer controller because specific files were specified for other signers and not this one', { controller: signer });
  }
  return out;
}

export interface SignerHandlerOptions {
  client: RestClient;
  signer: BuiltInSigner;
  ca: CAProvider;
  maxDurationMs: number;
  clock: Clock;
}

async function writeStatus(client: RestClient, csr: CertificateSigningRequest, signal: AbortSignal): Promise<void> {
  await client.request({ method: 'PUT', path: `${collectionPath(CSRS)}/${encodeURIComponent(csr.metadata.name ?? '')}/status`, body: csr, signal });
}

/** One signer's decision for a request: sign it, fail it, or leave it to another signer. */
export function signHandler(opts: SignerHandlerOptions) {
  return async (csr: CertificateSigningRequest, signal: AbortSignal): Promise<void> => {
    if (!isApproved(csr) || hasTrueCondition(csr, 'Failed')) return;
    if (csr.spec.signerName !== opts.signer) return;
    let req: CertificateRequest;
    try {
      req = await readCertificateRequest(csr.spec.request);
    } catch (err) {
      throw new Error(`unable to parse csr ${JSON.stringify(csr.metadata.name)}: ${(err as Error).message}`);
    }
    const usages = csr.spec.usages ?? [];
    const refused = signerRequestError(opts.signer, req, usages);
    csr.status ??= {};
    if (refused) {
      csr.status.conditions = [...(csr.status.conditions ?? []), { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: refused, lastUpdateTime: nowTime(new Date(opts.clock.now())) }];
      try {
        await writeStatus(opts.client, csr, signal);
      } catch (err) {
        throw new Error(`error adding failure condition for csr: ${(err as Error).message}`);
      }
      log.info('Refused certificate signing request', { csr: csr.metadata.name, signer: opts.signer, reason: refused }, 2);
      return;
    }
    let pem: string;
    try {
      const ca = await opts.ca.current();
      pem = await signRequest({ ca, request: req, usages, ttlMs: certificateDurationMs(opts.maxDurationMs, csr.spec.expirationSeconds), nowMs: opts.clock.now() });
    } catch (err) {
      throw new Error(`error auto signing csr: ${(err as Error).message}`);
    }
    csr.status.certificate = Buffer.from(pem, 'latin1').toString('base64');
    try {
      await writeStatus(opts.client, csr, signal);
    } catch (err) {
      throw new Error(`error updating signature for csr: ${(err as Error).message}`);
    }
    log.info('Signed certificate signing request', { csr: csr.metadata.name, signer: opts.signer }, 2);
  };
}

export function csrSigningController(opts: CSRSigningControllerOptions & { clock?: Clock }): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the certificatesigningrequest-signing controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const files = signerFiles(opts);
    if (files.size === 0) {
      log.info('Skipping CSR signer controller because no csr cert/key was specified');
      return;
    }
    // Asked for before any wait: the manager starts the informers once every controller has asked.
    const informer = ctx.informers.informerFor<CertificateSigningRequest>(CSRS);
    const loops: Array<() => Promise<void>> = [];
    for (const [signer, pair] of files) {
      let ca: CAProvider;
      try {
        ca = await CAProvider.load(pair.certFile, pair.keyFile);
      } catch (err) {
        throw new Error(`failed to init ${signer} certificate controller: ${(err as Error).message}`);
      }
      const handler = signHandler({ client, signer, ca, maxDurationMs: opts.clusterSigningDurationMs, clock });
      loops.push(() => runCertificateLoop({ name: LOOP_NAMES[signer], informer, handler, workers: WORKERS, clock, signal: ctx.signal }));
    }
    await Promise.all(loops.map((run) => run()));
  };
}
