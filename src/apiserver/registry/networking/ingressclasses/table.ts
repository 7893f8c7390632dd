// The columns `kubectl get ingressclass` shows, as Kubernetes prints them: NAME, CONTROLLER,
// PARAMETERS (kind[.apiGroup]/name, or <none>), AGE.
import type { IngressClass } from '../../../../api/networking/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

function formatParameters(ic: IngressClass): string {
  const params = ic.spec?.parameters;
  if (!params) return '<none>';
  const kind = params.apiGroup !== undefined && params.apiGroup !== null ? `${params.kind}.${params.apiGroup}` : params.kind;
  return `${kind}/${params.name}`;
}

export function ingressClassTable(): ResourceTable<IngressClass> {
  return nameAgeTable<IngressClass>(
    [
      { name: 'Controller', type: 'string', format: '', priority: 0, description: 'The controller that serves ingresses of the class.' },
      { name: 'Parameters', type: 'string', format: '', priority: 0, description: 'The object holding the controller\'s settings for the class.' },
    ],
    (ic) => [ic.spec?.controller ?? '', formatParameters(ic)],
  );
}
