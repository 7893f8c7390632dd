// The certificatesigningrequest-approving controller, as Kubernetes 1.35 runs it: a pending request
// to the orch.io/kube-apiserver-client-kubelet signer that is a valid node client request is
// approved (reason AutoApproved) when a SubjectAccessReview says its requester may create
// certificatesigningrequests/selfnodeclient (the request names the requester itself) or
// certificatesigningrequests/nodeclient (any node). Any other request is left to people; a
// recognised one its requester may not have is retried quietly. Five workers.
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';
import { KUBE_APISERVER_CLIENT_KUBELET_SIGNER } from '../../../api/certificates/v1/types.ts';
import type { ResourceAttributes, SubjectAccessReview } from '../../../api/authorization/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { readCertificateRequest, type CertificateRequest } from './certificate-request.ts';
import { approvalState } from './csr-conditions.ts';
import { CSRS, IgnorableError, runCertificateLoop } from './csr-controller.ts';
import { nodeClientRequestError } from './signer-requests.ts';

const log = klog('controllermanager/csrapproving');

export const CONTROLLER_NAME = 'certificatesigningrequest-approving-controller';
const WORKERS = 5;
const SUBJECT_ACCESS_REVIEWS = { group: 'authorization.orch.io', version: 'v1', resource: 'subjectaccessreviews' };

interface Recognizer {
  recognize(csr: CertificateSigningRequest, req: CertificateRequest): boolean;
  permission: ResourceAttributes;
  successMessage: string;
}

const isNodeClient = (csr: CertificateSigningRequest, req: CertificateRequest) =>
  csr.spec.signerName === KUBE_APISERVER_CLIENT_KUBELET_SIGNER && nodeClientRequestError(req, csr.spec.usages ?? []) === undefined;

const permission = (subresource: string): ResourceAttributes => ({ group: 'certificates.orch.io', resource: 'certificatesigningrequests', verb: 'create', subresource });

export const RECOGNIZERS: readonly Recognizer[] = [
  {
    recognize: (csr, req) => csr.spec.username === req.commonName && isNodeClient(csr, req),
    permission: permission('selfnodeclient'),
    successMessage: 'Auto approving self kubelet client certificate after SubjectAccessReview.',
  },
  {
    recognize: isNodeClient,
    permission: permission('nodeclient'),
    successMessage: 'Auto approving kubelet client certificate after SubjectAccessReview.',
  },
];

/** Asks the API server whether the request's requester may do what `attributes` names. */
async function requesterMay(client: RestClient, csr: CertificateSigningRequest, attributes: ResourceAttributes, signal: AbortSignal): Promise<boolean> {
  const review: SubjectAccessReview = {
    apiVersion: 'authorization.orch.io/v1',
    kind: 'SubjectAccessReview',
    metadata: {},
    spec: {
      user: csr.spec.username,
      uid: csr.spec.uid,
      groups: csr.spec.groups,
      extra: csr.spec.extra,
      resourceAttributes: attributes,
    },
  };
  const answer = await client.request<SubjectAccessReview>({ method: 'POST', path: collectionPath(SUBJECT_ACCESS_REVIEWS), body: review, signal });
  return answer.status?.allowed === true;
}

/** The approver's decision for one request: approves it through /approval, or leaves it. */
export function approveHandler(client: RestClient) {
  return async (csr: CertificateSigningRequest, signal: AbortSignal): Promise<void> => {
    if (csr.status?.certificate) return;
    const { approved, denied } = approvalState(csr);
    if (approved || denied) return;
    let req: CertificateRequest;
    try {
      req = await readCertificateRequest(csr.spec.request);
    } catch (err) {
      throw new Error(`unable to parse csr ${JSON.stringify(csr.metadata.name)}: ${(err as Error).message}`);
    }
    const tried: string[] = [];
    for (const r of RECOGNIZERS) {
      if (!r.recognize(csr, req)) continue;
      tried.push(r.permission.subresource!);
      if (!(await requesterMay(client, csr, r.permission, signal))) continue;
      csr.status = { ...csr.status, conditions: [...(csr.status?.conditions ?? []), { type: 'Approved', status: 'True', reason: 'AutoApproved', message: r.successMessage }] };
      try {
        await client.request({ method: 'PUT', path: `${collectionPath(CSRS)}/${encodeURIComponent(csr.metadata.name ?? '')}/approval`, body: csr, signal });
      } catch (err) {
        throw new Error(`error updating approval for csr: ${(err as Error).message}`);
      }
      log.info('Approved certificate signing request', { csr: csr.metadata.name, subresource: r.permission.subresource }, 2);
      return;
    }
    if (tried.length) throw new IgnorableError(`recognized csr ${JSON.stringify(csr.metadata.name)} as [${tried.join(' ')}] but subject access review was not approved`);
  };
}

export function csrApprovingController(opts: { clock?: Clock } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the certificatesigningrequest-approving controller needs an API client and informers');
    await runCertificateLoop({
      name: 'csrapproving',
      informer: ctx.informers.informerFor<CertificateSigningRequest>(CSRS),
      handler: approveHandler(client),
      workers: WORKERS,
      clock: opts.clock ?? realClock,
      signal: ctx.signal,
    });
  };
}
