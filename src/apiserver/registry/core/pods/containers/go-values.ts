// Bad values as Kubernetes' field errors print them when handed a struct: Go's `%#v`, e.g.
// `core.SeccompProfile{Type:"Localhost", LocalhostProfile:(*string)(0xc000000000)}`. A set
// pointer prints as an address; a fixed placeholder stands for it, as quantities do here.
import type { SeccompProfile, SecurityContext } from '../../../../../api/core/v1/container-types.ts';
import { RenderedValue } from '../../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../../machinery/validation/go-format.ts';

const ADDRESS = '0xc000000000';

/** A pointer field: `(*T)(nil)` or `(*T)(0x…)`. */
function pointer(type: string, value: unknown): string {
  return `(*${type})(${value === undefined || value === null ? 'nil' : ADDRESS})`;
}

function struct(type: string, fields: readonly (readonly [string, string])[]): RenderedValue {
  return new RenderedValue(`${type}{${fields.map(([name, text]) => `${name}:${text}`).join(', ')}}`);
}

export function goSeccompProfile(p: SeccompProfile): RenderedValue {
  return struct('core.SeccompProfile', [
    ['Type', goQuote(p.type ?? '')],
    ['LocalhostProfile', pointer('string', p.localhostProfile)],
  ]);
}

export function goSecurityContext(sc: SecurityContext): RenderedValue {
  return struct('core.SecurityContext', [
    ['Capabilities', pointer('core.Capabilities', sc.capabilities)],
    ['Privileged', pointer('bool', sc.privileged)],
    ['SELinuxOptions', pointer('core.SELinuxOptions', sc.seLinuxOptions)],
    ['WindowsOptions', pointer('core.WindowsSecurityContextOptions', sc.windowsOptions)],
    ['RunAsUser', pointer('int64', sc.runAsUser)],
    ['RunAsGroup', pointer('int64', sc.runAsGroup)],
    ['RunAsNonRoot', pointer('bool', sc.runAsNonRoot)],
    ['ReadOnlyRootFilesystem', pointer('bool', sc.readOnlyRootFilesystem)],
    ['AllowPrivilegeEscalation', pointer('bool', sc.allowPrivilegeEscalation)],
    ['ProcMount', pointer('core.ProcMountType', sc.procMount)],
    ['SeccompProfile', pointer('core.SeccompProfile', sc.seccompProfile)],
    ['AppArmorProfile', pointer('core.AppArmorProfile', sc.appArmorProfile)],
  ]);
}
