// DefaultIngressClass: a new Ingress that names no class (neither spec.ingressClassName nor the
// older orch.io/ingress.class annotation) is given the IngressClass annotated
// ingressclass.orch.io/is-default-class: "true". When several classes are so marked, the newest
// (by creation time, then name) wins, as in Kubernetes 1.35; with none, the ingress is left alone.
import type { Ingress, IngressClass } from '../../../../api/networking/v1/types.ts';
import { INGRESS_CLASS_ANNOTATION, IS_DEFAULT_INGRESS_CLASS_ANNOTATION } from '../../../../api/networking/v1/well-known.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionPlugin } from '../../types.ts';

const GROUP = 'networking.orch.io';
/** The group's Kubernetes name, which the same ingresses are also written through. */
const KUBERNETES_GROUP = 'networking.k8s.io';

/** Newest first; classes created in the same instant by name. */
function newestFirst(a: IngressClass, b: IngressClass): number {
  const at = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
  const bt = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
  if (at !== bt) return bt - at;
  const an = a.metadata.name ?? '';
  const bn = b.metadata.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

export function defaultClass(classes: readonly IngressClass[]): IngressClass | undefined {
  return classes.filter((c) => c.metadata.annotations?.[IS_DEFAULT_INGRESS_CLASS_ANNOTATION] === 'true').sort(newestFirst)[0];
}

export function defaultIngressClass(deps: { objects?: () => StoredObjects | undefined }): AdmissionPlugin {
  return {
    name: 'DefaultIngressClass',
    handles: (op) => op === 'CREATE',
    async admit(attrs) {
      const group = attrs.resource.group;
      if ((group !== GROUP && group !== KUBERNETES_GROUP) || attrs.resource.resource !== 'ingresses' || attrs.subresource) return;
      const ing = attrs.object as Ingress | undefined;
      if (!ing?.metadata) return;
      if (ing.spec?.ingressClassName !== undefined && ing.spec.ingressClassName !== null) return;
      if (ing.metadata.annotations?.[INGRESS_CLASS_ANNOTATION] !== undefined) return;
      let classes: IngressClass[];
      try {
        classes = (await deps.objects?.()?.list<IngressClass>(GROUP, 'ingressclasses', '')) ?? [];
      } catch (err) {
        throw admissionForbidden(attrs, String((err as Error)?.message ?? err));
      }
      const chosen = defaultClass(classes);
      // The class name comes first in the spec, as Go writes it.
      if (chosen?.metadata.name) ing.spec = { ingressClassName: chosen.metadata.name, ...ing.spec };
    },
  };
}
