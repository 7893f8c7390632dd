// Probes and lifecycle hooks as Kubernetes validates them: exactly one handler (exec with a
// command, an HTTP GET with a path, port, scheme and header names, a TCP or gRPC port, or a sleep
// within the pod's grace period), non-negative timings, a success threshold of 1 for liveness and
// startup probes, no grace period on readiness probes, and stop signals the pod's OS supports.
import type { Lifecycle, LifecycleHandler, Probe } from '../../../../../api/core/v1/container-types.ts';
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { regexError } from '../../../../../machinery/validation/names.ts';
import { child } from '../../../../../machinery/validation/path.ts';
import { validatePortNumOrName } from '../../services/port-validation.ts';
import type { ContainerContext } from './context.ts';

const HTTP_SCHEMES = ['HTTP', 'HTTPS'];
const HEADER_NAME_FMT = '[-A-Za-z0-9]+';
const HEADER_NAME_RE = new RegExp(`^${HEADER_NAME_FMT}$`);

/** IsHTTPHeaderName. */
function headerNameErrors(name: string): string[] {
  return HEADER_NAME_RE.test(name) ? [] : [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", HEADER_NAME_FMT, 'X-Header-Name')];
}

type Handler = Probe & LifecycleHandler;

function validateAction(h: Handler, kind: keyof Handler, path: string, ctx: ContainerContext): FieldError[] {
  switch (kind) {
    case 'exec':
      return h.exec!.command?.length ? [] : [required(child(path, 'command'))];
    case 'httpGet': {
      const get = h.httpGet!;
      const errs: FieldError[] = [];
      if (!get.path) errs.push(required(child(path, 'path')));
      errs.push(...validatePortNumOrName(get.port, child(path, 'port')));
      if (!HTTP_SCHEMES.includes(get.scheme ?? '')) errs.push(notSupported(child(path, 'scheme'), get.scheme ?? '', HTTP_SCHEMES));
      for (const header of get.httpHeaders ?? []) {
        errs.push(...headerNameErrors(header.name ?? '').map((msg) => invalid(child(path, 'httpHeaders'), header.name ?? '', msg)));
      }
      return errs;
    }
    case 'tcpSocket':
      return validatePortNumOrName(h.tcpSocket!.port, child(path, 'port'));
    case 'grpc':
      return validatePortNumOrName(h.grpc!.port ?? 0, child(path, 'port'));
    case 'sleep': {
      const seconds = h.sleep!.seconds ?? 0;
      const grace = ctx.gracePeriodSeconds;
      if (grace === undefined || (seconds >= 0 && seconds <= grace)) return [];
      return [invalid(path, seconds, `must be non-negative and less than terminationGracePeriodSeconds (${grace})`)];
    }
    default:
      return [];
  }
}

/** validateHandler over the actions a probe or hook may carry, in Kubernetes' order. */
function validateHandler(h: Handler, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const kind of ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'] as const) {
    if (h[kind] === undefined || h[kind] === null) continue;
    if (count > 0) errs.push(forbidden(child(path, kind), 'may not specify more than 1 handler type'));
    else {
      count++;
      errs.push(...validateAction(h, kind, child(path, kind), ctx));
    }
  }
  if (count === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

function nonNegative(value: number | undefined, path: string): FieldError[] {
  return (value ?? 0) < 0 ? [invalid(path, value ?? 0, 'must be greater than or equal to 0')] : [];
}

function validateProbe(p: Probe, path: string, ctx: ContainerContext): FieldError[] {
  // A probe has no sleep action; only its own four handlers count.
  const { exec, httpGet, tcpSocket, grpc } = p;
  const errs = validateHandler({ exec, httpGet, tcpSocket, grpc }, path, ctx);
  for (const field of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    errs.push(...nonNegative(p[field], child(path, field)));
  }
  const grace = p.terminationGracePeriodSeconds;
  if (grace !== undefined && grace !== null && grace <= 0) errs.push(invalid(child(path, 'terminationGracePeriodSeconds'), grace, 'must be greater than 0'));
  return errs;
}

export type ProbeKind = 'livenessProbe' | 'readinessProbe' | 'startupProbe';

/** validateLivenessProbe, validateReadinessProbe and validateStartupProbe. */
export function validateProbeOf(kind: ProbeKind, p: Probe | undefined, path: string, ctx: ContainerContext): FieldError[] {
  if (!p) return [];
  const errs = validateProbe(p, path, ctx);
  if (kind === 'readinessProbe') {
    const grace = p.terminationGracePeriodSeconds;
    if (grace !== undefined && grace !== null) errs.push(invalid(child(path, 'terminationGracePeriodSeconds'), grace, 'must not be set for readinessProbes'));
  } else if ((p.successThreshold ?? 0) !== 1) {
    errs.push(invalid(child(path, 'successThreshold'), p.successThreshold ?? 0, 'must be 1'));
  }
  return errs;
}

/** Every signal Linux containers may be stopped with; Windows ones only with SIGKILL or SIGTERM. */
const LINUX_SIGNALS = [
  'SIGABRT', 'SIGALRM', 'SIGBUS', 'SIGCHLD', 'SIGCLD', 'SIGCONT', 'SIGFPE', 'SIGHUP', 'SIGILL', 'SIGINT', 'SIGIO', 'SIGIOT',
  'SIGKILL', 'SIGPIPE', 'SIGPOLL', 'SIGPROF', 'SIGPWR', 'SIGQUIT', 'SIGSEGV', 'SIGSTKFLT', 'SIGSTOP', 'SIGSYS', 'SIGTERM',
  'SIGTRAP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGUSR1', 'SIGUSR2', 'SIGVTALRM', 'SIGWINCH', 'SIGXCPU', 'SIGXFSZ',
  'SIGRTMIN', 'SIGRTMAX',
  ...Array.from({ length: 15 }, (_, i) => `SIGRTMIN+${i + 1}`),
  ...Array.from({ length: 14 }, (_, i) => `SIGRTMAX-${i + 1}`),
].sort();
const WINDOWS_SIGNALS = ['SIGKILL', 'SIGTERM'];

function validateStopSignal(signal: string, path: string, os: string | undefined): FieldError[] {
  if (!os) return [forbidden(path, 'may not be set for containers with empty `spec.os.name`')];
  if (os === 'windows' && !WINDOWS_SIGNALS.includes(signal)) return [notSupported(path, signal, WINDOWS_SIGNALS)];
  if (os === 'linux' && !LINUX_SIGNALS.includes(signal)) return [notSupported(path, signal, LINUX_SIGNALS)];
  return [];
}

/** validateLifecycle. */
export function validateLifecycle(l: Lifecycle, path: string, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  if (l.postStart) errs.push(...validateHandler(l.postStart, child(path, 'postStart'), ctx));
  if (l.preStop) errs.push(...validateHandler(l.preStop, child(path, 'preStop'), ctx));
  if (l.stopSignal !== undefined && l.stopSignal !== null) errs.push(...validateStopSignal(l.stopSignal, child(path, 'stopSignal'), ctx.os));
  return errs;
}
