// The columns `kubectl get netpol` shows, as Kubernetes prints them: NAME, POD-SELECTOR (the
// selector as a label query, <none> when it selects every pod), AGE.
import type { NetworkPolicy } from '../../../../api/networking/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { labelSelectorString } from '../../scale/scale-view.ts';
import { nameAgeTable } from '../../simple-table.ts';

export function networkPolicyTable(): ResourceTable<NetworkPolicy> {
  return nameAgeTable<NetworkPolicy>(
    [{ name: 'Pod-Selector', type: 'string', format: '', priority: 0, description: 'The pods the policy applies to; an empty selector selects every pod of the namespace.' }],
    (np) => [labelSelectorString(np.spec?.podSelector) || '<none>'],
  );
}
