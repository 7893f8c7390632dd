// A container's security context as Kubernetes' ValidateSecurityContext checks it: privileged
// containers only where the server allows them, user and group IDs in 0..2^31-1, proc mount
// types (Unmasked only outside the node's user namespace), seccomp and AppArmor profiles, no
// privilege escalation switched off beside privileged or CAP_SYS_ADMIN, and Windows options
// (GMSA credential specs and user names).
import type { AppArmorProfile, SeccompProfile, SecurityContext, WindowsSecurityContextOptions } from '../../../../../api/core/v1/container-types.ts';
import { forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain } from '../../../../../machinery/validation/names.ts';
import { child } from '../../../../../machinery/validation/path.ts';
import type { ContainerContext } from './context.ts';
import { goSeccompProfile, goSecurityContext } from './go-values.ts';
import { validateLocalDescendingPath } from './paths.ts';

const MAX_ID = 2147483647;
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
const PROC_MOUNT_TYPES = ['Default', 'Unmasked'];

/** IsValidUserID and IsValidGroupID. */
function validId(value: number, path: string): FieldError[] {
  return value >= 0 && value <= MAX_ID ? [] : [invalid(path, value, `must be between 0 and ${MAX_ID}, inclusive`)];
}

/** validateSeccompProfileField. */
export function validateSeccompProfile(sp: SeccompProfile | undefined, path: string): FieldError[] {
  if (!sp) return [];
  const errs: FieldError[] = [];
  const type = sp.type ?? '';
  if (!type) errs.push(required(child(path, 'type'), 'type is required when seccompProfile is set'));
  else if (!PROFILE_TYPES.includes(type)) errs.push(notSupported(child(path, 'type'), type, PROFILE_TYPES));
  const profile = sp.localhostProfile;
  if (type === 'Localhost') {
    if (profile === undefined || profile === null) errs.push(required(child(path, 'localhostProfile'), 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(profile, child(path, 'localhostProfile')));
  } else if (profile !== undefined && profile !== null) {
    errs.push(invalid(child(path, 'localhostProfile'), goSeccompProfile(sp), 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

/** PATH_MAX - 1. */
const MAX_APPARMOR_PROFILE_LENGTH = 4095;

/** ValidateAppArmorProfileField. */
export function validateAppArmorProfile(p: AppArmorProfile | undefined, path: string): FieldError[] {
  if (!p) return [];
  const errs: FieldError[] = [];
  const profile = p.localhostProfile;
  switch (p.type ?? '') {
    case 'Localhost':
      if (profile === undefined || profile === null) {
        errs.push(required(child(path, 'localhostProfile'), 'must be set when AppArmor type is Localhost'));
        break;
      }
      if (profile.trim() !== profile) errs.push(invalid(child(path, 'localhostProfile'), profile, 'must not be padded with whitespace'));
      else if (profile === '') errs.push(required(child(path, 'localhostProfile'), 'must be set when AppArmor type is Localhost'));
      if (Buffer.byteLength(profile) > MAX_APPARMOR_PROFILE_LENGTH) errs.push(tooLong(child(path, 'localhostProfile'), MAX_APPARMOR_PROFILE_LENGTH));
      break;
    case 'RuntimeDefault':
    case 'Unconfined':
      if (profile !== undefined && profile !== null) errs.push(invalid(child(path, 'localhostProfile'), profile, 'can only be set when AppArmor type is Localhost'));
      break;
    case '':
      errs.push(required(child(path, 'type'), 'type is required when appArmorProfile is set'));
      break;
    default:
      errs.push(notSupported(child(path, 'type'), p.type, PROFILE_TYPES));
  }
  return errs;
}

const MAX_GMSA_SPEC_KIB = 64;
const MAX_DOMAIN_LENGTH = 256;
const MAX_USER_LENGTH = 104;
const CONTROL_CHARS = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_DOMAIN_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const DNS_DOMAIN = new RegExp(`^${DNS_DOMAIN_LABEL}(?:\\.${DNS_DOMAIN_LABEL})*$`);
const BAD_USER_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const ONLY_DOTS_OR_SPACES = /^[. ]+$/;

function runAsUserNameErrors(name: string): string[] {
  if (name.length === 0) return ['runAsUserName cannot be an empty string'];
  if (CONTROL_CHARS.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const [domain, user] = parts.length === 1 ? ['', parts[0]!] : [parts[0]!, parts[1]!];
  const errs: string[] = [];
  if (Buffer.byteLength(domain) >= MAX_DOMAIN_LENGTH) errs.push(`runAsUserName's Domain length must be under ${MAX_DOMAIN_LENGTH} characters`);
  if (parts.length === 2 && !(NETBIOS_DOMAIN.test(domain) || DNS_DOMAIN.test(domain))) errs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  const userLength = Buffer.byteLength(user);
  if (userLength === 0) errs.push("runAsUserName's User cannot be empty");
  else if (userLength > MAX_USER_LENGTH) errs.push(`runAsUserName's User length must not be longer than ${MAX_USER_LENGTH} characters`);
  if (ONLY_DOTS_OR_SPACES.test(user)) errs.push("runAsUserName's User cannot contain only periods or spaces");
  if (BAD_USER_CHARS.test(user)) errs.push('runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]');
  return errs;
}

/** validateWindowsSecurityContextOptions. */
export function validateWindowsOptions(w: WindowsSecurityContextOptions | undefined, path: string): FieldError[] {
  if (!w) return [];
  const errs: FieldError[] = [];
  if (typeof w.gmsaCredentialSpecName === 'string') {
    const name = w.gmsaCredentialSpecName;
    errs.push(...isDNS1123Subdomain(name).map((msg) => invalid(child(path, 'gmsaCredentialSpecName'), name, msg)));
  }
  if (typeof w.gmsaCredentialSpec === 'string') {
    const spec = w.gmsaCredentialSpec;
    const at = child(path, 'gmsaCredentialSpec');
    if (spec.length === 0) errs.push(invalid(at, spec, 'gmsaCredentialSpec cannot be an empty string'));
    else if (Buffer.byteLength(spec) > MAX_GMSA_SPEC_KIB * 1024) errs.push(invalid(at, spec, `gmsaCredentialSpec size must be under ${MAX_GMSA_SPEC_KIB} KiB`));
  }
  if (typeof w.runAsUserName === 'string') {
    const name = w.runAsUserName;
    errs.push(...runAsUserNameErrors(name).map((msg) => invalid(child(path, 'runAsUserName'), name, msg)));
  }
  return errs;
}

/** ValidateSecurityContext. */
export function validateSecurityContext(sc: SecurityContext | undefined, path: string, ctx: ContainerContext): FieldError[] {
  if (!sc) return [];
  const errs: FieldError[] = [];
  if (sc.privileged === true && !ctx.allowPrivileged) errs.push(forbidden(child(path, 'privileged'), 'disallowed by cluster policy'));
  if (typeof sc.runAsUser === 'number') errs.push(...validId(sc.runAsUser, child(path, 'runAsUser')));
  if (typeof sc.runAsGroup === 'number') errs.push(...validId(sc.runAsGroup, child(path, 'runAsGroup')));
  if (typeof sc.procMount === 'string') {
    if (!PROC_MOUNT_TYPES.includes(sc.procMount)) errs.push(notSupported(child(path, 'procMount'), sc.procMount, PROC_MOUNT_TYPES));
    if ((ctx.hostUsers ?? true) && sc.procMount === 'Unmasked') {
      errs.push(invalid(child(path, 'procMount'), sc.procMount, '`hostUsers` must be false to use `Unmasked`'));
    }
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, child(path, 'seccompProfile')));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true) errs.push(invalid(path, goSecurityContext(sc), 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    for (const cap of sc.capabilities?.add ?? []) {
      if (cap === 'CAP_SYS_ADMIN') errs.push(invalid(path, goSecurityContext(sc), 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
    }
  }
  errs.push(...validateWindowsOptions(sc.windowsOptions, child(path, 'windowsOptions')));
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, child(path, 'appArmorProfile')));
  return errs;
}
