# Python's kubernetes client (Debian's python3-kubernetes) against orch-apiserver: its typed APIs
# call the Kubernetes group names (apps, batch, networking.k8s.io, events.k8s.io) and decode the
# answers into their model classes. Prints one JSON line of what it read back.
import json
import sys

from kubernetes import client, config

config.load_kube_config(config_file=sys.argv[1])
ns = sys.argv[2]
core = client.CoreV1Api()
apps = client.AppsV1Api()
batch = client.BatchV1Api()
net = client.NetworkingV1Api()
events = client.EventsV1Api()

labels = {"app": "py"}
template = client.V1PodTemplateSpec(
    metadata=client.V1ObjectMeta(labels=labels),
    spec=client.V1PodSpec(containers=[client.V1Container(name="web", image="nginx:1.27", ports=[client.V1ContainerPort(container_port=80)])]),
)
deployment = apps.create_namespaced_deployment(ns, client.V1Deployment(
    metadata=client.V1ObjectMeta(name="py-web"),
    spec=client.V1DeploymentSpec(replicas=2, selector=client.V1LabelSelector(match_labels=labels), template=template),
))
job = batch.create_namespaced_job(ns, client.V1Job(
    metadata=client.V1ObjectMeta(name="py-job"),
    spec=client.V1JobSpec(template=client.V1PodTemplateSpec(spec=client.V1PodSpec(restart_policy="Never", containers=[client.V1Container(name="c", image="busybox")]))),
))
ingress = net.create_namespaced_ingress(ns, client.V1Ingress(
    metadata=client.V1ObjectMeta(name="py-ing"),
    spec=client.V1IngressSpec(rules=[client.V1IngressRule(host="py.example", http=client.V1HTTPIngressRuleValue(paths=[
        client.V1HTTPIngressPath(path="/", path_type="Prefix", backend=client.V1IngressBackend(service=client.V1IngressServiceBackend(name="py-web", port=client.V1ServiceBackendPort(number=80)))),
    ]))]),
))
event = events.create_namespaced_event(ns, client.EventsV1Event(
    metadata=client.V1ObjectMeta(name="py-event"),
    event_time="2026-11-25T10:00:00.000000Z",
    reporting_controller="orch.io/python",
    reporting_instance="py-1",
    action="Testing",
    reason="Python",
    type="Normal",
    note="typed client",
    regarding=client.V1ObjectReference(kind="Deployment", namespace=ns, name="py-web", api_version="apps/v1"),
))
service = core.create_namespaced_service(ns, client.V1Service(
    metadata=client.V1ObjectMeta(name="py-web"),
    spec=client.V1ServiceSpec(selector=labels, ports=[client.V1ServicePort(port=80)]),
))

print(json.dumps({
    "deployment": [deployment.api_version, deployment.spec.strategy.type, deployment.spec.revision_history_limit],
    "deployments": [d.metadata.name for d in apps.list_namespaced_deployment(ns).items],
    "job": [job.api_version, job.spec.backoff_limit, job.spec.completions],
    "ingress": [ingress.api_version, net.read_namespaced_ingress("py-ing", ns).spec.rules[0].host],
    "event": [event.api_version, events.read_namespaced_event("py-event", ns).note],
    "service": [service.spec.type, service.spec.cluster_ip is not None, service.spec.ports[0].target_port],
}))
