// orch-apiserver's admission rows as a typed options object; admission-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface AdmissionOptions {
  enablePlugins: string[];
  disablePlugins: string[];
  /** The deprecated --admission-control: when given, exactly these plugins run. */
  admissionControl: string[];
  /** '' : no plugin configuration file. */
  configFile: string;
}

export function admissionOptions(r: OptionReader): AdmissionOptions {
  return {
    enablePlugins: r.strings('enable-admission-plugins'),
    disablePlugins: r.strings('disable-admission-plugins'),
    admissionControl: r.strings('admission-control'),
    configFile: r.string('admission-control-config-file'),
  };
}
