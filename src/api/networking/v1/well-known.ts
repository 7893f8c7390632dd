// Annotations of networking.orch.io that clients and the server read (Kubernetes' kubernetes.io
// names, brand swapped).

/** On an IngressClass: "true" makes it the class new ingresses without one are given. */
export const IS_DEFAULT_INGRESS_CLASS_ANNOTATION = 'ingressclass.orch.io/is-default-class';

/** On an Ingress: the older way of naming its class, still honoured; must agree with spec.ingressClassName. */
export const INGRESS_CLASS_ANNOTATION = 'orch.io/ingress.class';
