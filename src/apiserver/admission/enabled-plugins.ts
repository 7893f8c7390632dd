// Which plugins are on: the default-enabled set, plus --enable-admission-plugins, minus
// --disable-admission-plugins; or exactly the deprecated --admission-control list when given.
import { defaultOnAdmissionPlugins } from '../../options/apiserver/admission-plugins.ts';
import { ADMISSION_PLUGIN_ORDER } from './plugin-order.ts';

export interface AdmissionSelection {
  enable: readonly string[];
  disable: readonly string[];
  /** --admission-control: replaces the default set when non-empty. */
  admissionControl: readonly string[];
}

/** Thrown for names no plugin has. */
export class UnknownAdmissionPluginError extends Error {}

/** The enabled plugin names in chain order. */
export function enabledAdmissionPlugins(sel: AdmissionSelection): string[] {
  const known = new Set(ADMISSION_PLUGIN_ORDER);
  for (const [flag, names] of [
    ['--enable-admission-plugins', sel.enable],
    ['--disable-admission-plugins', sel.disable],
    ['--admission-control', sel.admissionControl],
  ] as const) {
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length) throw new UnknownAdmissionPluginError(`${flag}: unknown admission plugins: ${unknown.join(', ')}`);
  }
  let on: Set<string>;
  if (sel.admissionControl.length) {
    on = new Set(sel.admissionControl);
  } else {
    on = new Set(defaultOnAdmissionPlugins);
    for (const n of sel.disable) on.delete(n);
    for (const n of sel.enable) on.add(n);
  }
  return ADMISSION_PLUGIN_ORDER.filter((n) => on.has(n));
}
