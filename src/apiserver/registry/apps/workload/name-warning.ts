// The warning a workload gets on create when its name is not a DNS label: its pods are named
// after it and take their hostnames from it.
import { isDNS1123Label } from '../../../../machinery/validation/names.ts';

export function podNameWarnings(name: string | undefined): string[] {
  const msgs = isDNS1123Label(name ?? '');
  return msgs.length ? [`metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`] : [];
}
