// orch-apiserver's admission rows as a typed options object; admission-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface AdmissionOptions {
  enablePlugins: string[];
  disablePlugins: string[];
  /** The deprecated --admission-control: when given, exactly these plugins run. */
  admissionControl: string[];
  /** '' : no plugin configuration file. */
  configFile: string;
  /** Seconds new pods tolerate a not-ready node (DefaultTolerationSeconds). */
  defaultNotReadyTolerationSeconds: number;
  /** Seconds new pods tolerate an unreachable node (DefaultTolerationSeconds). */
  defaultUnreachableTolerationSeconds: number;
  /** --allow-privileged: containers may run privileged. */
  allowPrivileged: boolean;
}

export function admissionOptions(r: OptionReader): AdmissionOptions {
  return {
    enablePlugins: r.strings('enable-admission-plugins'),
    disablePlugins: r.strings('disable-admission-plugins'),
    admissionControl: r.strings('admission-control'),
    configFile: r.string('admission-control-config-file'),
    defaultNotReadyTolerationSeconds: r.number('default-not-ready-toleration-seconds'),
    defaultUnreachableTolerationSeconds: r.number('default-unreachable-toleration-seconds'),
    allowPrivileged: r.bool('allow-privileged'),
  };
}
