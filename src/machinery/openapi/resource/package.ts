// resource.v1's types as Go structs (see ../go-structs.ts): dynamic resource allocation's device
// classes, claims, claim templates and the slices drivers publish their devices in. Field numbers
// and tags are Kubernetes' (k8s.io/api resource/v1, 1.35); descriptions are our own.
// v1beta2 has the same shape (v1beta2-package.ts derives it from this one).
import type { GoPackage, StructDecl } from '../go-structs.ts';

const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'None'];
const ALLOCATION_MODES = ['All', 'ExactCount'];
const TOLERATION_OPERATORS = ['Equal', 'Exists'];
const CONFIG_SOURCES = ['FromClaim', 'FromClass'];

/** The published devices of a pool: ResourceSlice and what it holds. */
const sliceStructs: Record<string, StructDecl> = {
  ResourceSlice: {
    doc: 'Devices of one pool of a driver, as the driver publishes them. A pool may span several slices; consumers use only the slices of the pool\'s newest generation.',
    kind: { group: 'resource.orch.io', version: 'v1', kind: 'ResourceSlice' },
    listDoc: 'A list of resource slices.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec', 2, 'ResourceSliceSpec', 'What the driver publishes. A change of the spec increments metadata.generation.'],
    ],
  },
  ResourceSliceSpec: {
    doc: 'The devices or shared counters a driver publishes in one slice, and the nodes that can reach them.',
    fields: [
      ['driver', 1, 'string', 'The driver that provides the devices: a DNS subdomain in lower case, at most 63 characters, ideally in a domain the vendor owns. Field selector spec.driver. Immutable.'],
      ['pool', 2, 'ResourcePool', 'The pool this slice belongs to.'],
      ['*nodeName,omitempty', 3, 'string', 'The node that provides the devices of the pool. Field selector spec.nodeName. Exactly one of nodeName, nodeSelector, allNodes and perDeviceNodeSelection is set. Immutable.'],
      ['*nodeSelector,omitempty', 4, 'core.NodeSelector', 'The nodes that can reach the pool\'s devices, with exactly one term, for pools not local to one node.'],
      ['*allNodes,omitempty', 5, 'bool', 'True when every node can reach the pool\'s devices.'],
      ['devices,omitempty', 6, '[]Device', 'Some or all of the pool\'s devices: at most 128, or 64 when any device has taints or consumes counters. Not together with sharedCounters.', { listType: 'atomic' }],
      ['*perDeviceNodeSelection,omitempty', 7, 'bool', 'True when each device says on its own which nodes reach it (its nodeName, nodeSelector or allNodes).'],
      ['sharedCounters,omitempty', 8, '[]CounterSet', 'Named sets of counters devices of the pool draw from, at most 8, names unique in the pool. Not together with devices.', { listType: 'atomic' }],
    ],
  },
  CounterSet: {
    doc: 'A named set of counters that devices of the pool consume from when they are allocated.',
    fields: [
      ['name', 1, 'string', 'The name of the set: a DNS label.'],
      ['counters,omitempty', 2, 'map[string]Counter', 'The counters of the set by name (DNS labels), at most 32.', { required: true }],
    ],
  },
  ResourcePool: {
    doc: 'The pool a slice belongs to, and how many slices make up its current generation.',
    fields: [
      ['name', 1, 'string', 'The pool\'s name: one or more DNS subdomains joined by slashes, at most 253 characters; often the node\'s name. Immutable.'],
      ['generation', 2, 'int64', 'The pool\'s generation, raised by the driver whenever anything in the pool changes; consumers use only the slices of the highest generation.'],
      ['resourceSliceCount', 3, 'int64', 'How many slices make up the pool at this generation; greater than zero.'],
    ],
  },
  Device: {
    doc: 'One device a driver offers, described by its attributes and capacities.',
    fields: [
      ['name', 1, 'string', 'The device\'s name, unique among the devices of the pool: a DNS label.'],
      ['attributes,omitempty', 2, 'map[string]DeviceAttribute', 'The device\'s attributes by qualified name (an identifier, or a domain, a slash and an identifier); at most 32 attributes and capacities together.'],
      ['capacity,omitempty', 3, 'map[string]DeviceCapacity', 'The device\'s capacities by qualified name; at most 32 attributes and capacities together.'],
      ['consumesCounters,omitempty', 4, '[]DeviceCounterConsumption', 'The shared counters the device uses up when allocated, at most one entry per counter set and 2 in all.', { listType: 'atomic' }],
      ['*nodeName,omitempty', 5, 'string', 'The node that reaches the device; only with the slice\'s perDeviceNodeSelection.'],
      ['*nodeSelector,omitempty', 6, 'core.NodeSelector', 'The nodes that reach the device, with exactly one term; only with the slice\'s perDeviceNodeSelection.'],
      ['*allNodes,omitempty', 7, 'bool', 'True when every node reaches the device; only with the slice\'s perDeviceNodeSelection.'],
      ['taints,omitempty', 8, '[]DeviceTaint', 'Taints the driver puts on the device, at most 16 (alpha, DRADeviceTaints).', { listType: 'atomic' }],
      ['*bindsToNode,omitempty', 9, 'bool', 'When true, an allocation of the device is tied to the node chosen while allocating (alpha).'],
      ['bindingConditions,omitempty', 10, '[]string', 'Conditions the device\'s status must report True before a pod using it is bound, at most 4 (alpha).', { listType: 'atomic' }],
      ['bindingFailureConditions,omitempty', 11, '[]string', 'Conditions that, reported True in the device\'s status, mean binding failed, at most 4 (alpha).', { listType: 'atomic' }],
      ['*allowMultipleAllocations,omitempty', 12, 'bool', 'When true the device may be allocated to several requests at once, its capacities shared between them.'],
    ],
  },
  DeviceCounterConsumption: {
    doc: 'The counters a device uses up from one counter set of its pool.',
    fields: [
      ['counterSet', 1, 'string', 'The counter set the counters are taken from.'],
      ['counters,omitempty', 2, 'map[string]Counter', 'The amounts taken, by counter name, at most 32.', { required: true }],
    ],
  },
  DeviceCapacity: {
    doc: 'An amount of something a device has.',
    fields: [
      ['value', 1, 'Quantity', 'The device\'s total capacity; what allocations use of it is tracked elsewhere.'],
      ['*requestPolicy,omitempty', 2, 'CapacityRequestPolicy', 'How requests use this capacity when the device allows multiple allocations.'],
    ],
  },
  Counter: {
    doc: 'An amount of a shared counter.',
    fields: [['value', 1, 'Quantity', 'How much of the counter there is (or is used).']],
  },
  CapacityRequestPolicy: {
    doc: 'What a request may take of a shared capacity: a default and either a list of valid amounts or a range.',
    fields: [
      ['*default', 1, 'Quantity', 'What a request that does not name this capacity takes of it; required with validValues or validRange.'],
      ['validValues,omitempty', 3, '[]Quantity', 'The amounts a request may take, ascending, at most 10; the default must be one of them.', { listType: 'atomic' }],
      ['*validRange,omitempty', 4, 'CapacityRequestPolicyRange', 'The range of amounts a request may take; the default must lie in it.'],
    ],
  },
  CapacityRequestPolicyRange: {
    doc: 'A range of amounts of a capacity, optionally in steps from its minimum.',
    fields: [
      ['*min,omitempty', 1, 'Quantity', 'The least amount; a smaller request is raised to it.', { required: true }],
      ['*max,omitempty', 2, 'Quantity', 'The most amount; at most the capacity\'s value.'],
      ['*step,omitempty', 3, 'Quantity', 'The step between valid amounts, counted from min; requests are rounded up to the next step.'],
    ],
  },
  DeviceAttribute: {
    doc: 'The value of a device attribute: exactly one of its fields is set.',
    fields: [
      ['*int,omitempty', 2, 'int64', 'A number.'],
      ['*bool,omitempty', 3, 'bool', 'A boolean.'],
      ['*string,omitempty', 4, 'string', 'A string of at most 64 characters.'],
      ['*version,omitempty', 5, 'string', 'A semantic version (semver.org 2.0.0) of at most 64 characters.'],
    ],
  },
  DeviceTaint: {
    doc: 'A taint on a device: claims that do not tolerate it are affected as its effect says.',
    fields: [
      ['key', 1, 'string', 'The taint\'s key: a label name.'],
      ['value,omitempty', 2, 'string', 'The taint\'s value: a label value.'],
      ['effect', 3, 'string:DeviceTaintEffect', 'None, NoSchedule or NoExecute; consumers treat effects they do not know as None.', { enum: TAINT_EFFECTS }],
      ['*timeAdded,omitempty', 4, 'meta.Time', 'When the taint was added; set on writes that leave it out.'],
    ],
  },
};

/** What a claim asks for: ResourceClaim and its request types. */
const claimStructs: Record<string, StructDecl> = {
  ResourceClaim: {
    doc: 'A request for devices a workload needs, and (in its status) what was allocated for it and who may use it.',
    kind: { group: 'resource.orch.io', version: 'v1', kind: 'ResourceClaim' },
    listDoc: 'A list of resource claims.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec', 2, 'ResourceClaimSpec', 'What is asked for and how it is configured. Immutable.'],
      ['status,omitempty', 3, 'ResourceClaimStatus', 'Whether the claim is allocated, what was allocated and who it is reserved for; written through /status.'],
    ],
  },
  ResourceClaimSpec: {
    doc: 'What a claim asks for and how it is configured.',
    fields: [['devices', 1, 'DeviceClaim', 'The devices asked for.', { optional: true }]],
  },
  DeviceClaim: {
    doc: 'The device requests of a claim, the constraints between them and their configuration.',
    fields: [
      ['requests', 1, '[]DeviceRequest', 'Requests that must all be satisfied, names unique, at most 32; none means nothing is allocated.', { listType: 'atomic', optional: true }],
      ['constraints,omitempty', 2, '[]DeviceConstraint', 'Constraints the allocated devices must meet together, at most 32.', { listType: 'atomic' }],
      ['config,omitempty', 3, '[]DeviceClaimConfiguration', 'Configuration for drivers that may satisfy the requests, at most 32; not used while allocating.', { listType: 'atomic' }],
    ],
  },
  DeviceRequest: {
    doc: 'One request for devices: either exactly one kind of device, or a list of alternatives in order of preference.',
    fields: [
      ['name', 1, 'string', 'The request\'s name (a DNS label), by which containers\' resources.claims and the claim\'s constraints and configuration refer to it.'],
      ['*exactly,omitempty', 2, 'ExactDeviceRequest', 'The devices asked for, when there are no alternatives. Exactly one of exactly and firstAvailable is set.'],
      ['firstAvailable,omitempty', 3, '[]DeviceSubRequest', 'Alternatives tried in order, of which the scheduler picks the first it can satisfy; names unique, at most 8.', { listType: 'atomic' }],
    ],
  },
  ExactDeviceRequest: {
    doc: 'A request for one or more devices of a class that meet the request\'s selectors.',
    fields: [
      ['deviceClassName', 1, 'string', 'The DeviceClass whose selectors and configuration apply to the request; required.'],
      ['selectors,omitempty', 2, '[]DeviceSelector', 'Selectors every device must meet, at most 32.', { listType: 'atomic' }],
      ['allocationMode,omitempty', 3, 'string:DeviceAllocationMode', 'ExactCount (the default): count devices; All: every matching device of a pool.', { enum: ALLOCATION_MODES }],
      ['count,omitempty', 4, 'int64', 'How many devices, with allocationMode ExactCount; defaults to 1.'],
      ['*adminAccess,omitempty', 5, 'bool', 'Asks for administrative access to the devices, beside their ordinary users (beta, DRAAdminAccess); needs a namespace labelled resource.orch.io/admin-access=true.'],
      ['tolerations,omitempty', 6, '[]DeviceToleration', 'Taints of devices the request tolerates, at most 16 (alpha).', { listType: 'atomic' }],
      ['*capacity,omitempty', 7, 'CapacityRequirements', 'How much of each capacity of a shared device the request takes.'],
    ],
  },
  DeviceSubRequest: {
    doc: 'One alternative of a request\'s firstAvailable list: like an exact request, without admin access.',
    fields: [
      ['name', 1, 'string', 'The alternative\'s name (a DNS label); constraints and configuration refer to it as <request>/<alternative>.'],
      ['deviceClassName', 2, 'string', 'The DeviceClass whose selectors and configuration apply; required.'],
      ['selectors,omitempty', 3, '[]DeviceSelector', 'Selectors every device must meet, at most 32.', { listType: 'atomic' }],
      ['allocationMode,omitempty', 4, 'string:DeviceAllocationMode', 'ExactCount (the default): count devices; All: every matching device of a pool.', { enum: ALLOCATION_MODES }],
      ['count,omitempty', 5, 'int64', 'How many devices, with allocationMode ExactCount; defaults to 1.'],
      ['tolerations,omitempty', 6, '[]DeviceToleration', 'Taints of devices the alternative tolerates, at most 16 (alpha).', { listType: 'atomic' }],
      ['*capacity,omitempty', 7, 'CapacityRequirements', 'How much of each capacity of a shared device the alternative takes.'],
    ],
  },
  CapacityRequirements: {
    doc: 'The amounts of a device\'s capacities a request needs.',
    fields: [['requests,omitempty', 1, 'map[string]Quantity', 'Amounts by capacity name, each device having at least that much available.']],
  },
  DeviceSelector: {
    doc: 'A test a device must pass: exactly one field is set.',
    fields: [['*cel,omitempty', 1, 'CELDeviceSelector', 'A CEL expression over the device.']],
  },
  CELDeviceSelector: {
    doc: 'A CEL expression that selects devices.',
    fields: [
      ['expression', 1, 'string', 'A CEL expression, at most 10 KiB, that is true for a device to select: it reads `device` (driver, attributes and capacity grouped by domain, allowMultipleAllocations), e.g. device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].memory >= 8. Its estimated cost is bounded.'],
    ],
  },
  DeviceConstraint: {
    doc: 'A constraint on the devices allocated for some requests of a claim: exactly one of its kinds is set.',
    fields: [
      ['requests,omitempty', 1, '[]string', 'The requests (or <request>/<alternative>) the constraint applies to, at most 32; all when empty.', { listType: 'atomic' }],
      ['*matchAttribute,omitempty', 2, 'string:FullyQualifiedName', 'A fully qualified attribute (domain/name) all those devices have with the same value.'],
      ['*distinctAttribute,omitempty', 3, 'string:FullyQualifiedName', 'A fully qualified attribute all those devices have with different values.'],
    ],
  },
  DeviceClaimConfiguration: {
    doc: 'Configuration of a claim for the devices of some of its requests.',
    fields: [
      ['requests,omitempty', 1, '[]string', 'The requests (or <request>/<alternative>) it applies to, at most 32; all when empty.', { listType: 'atomic' }],
      [',inline', 2, 'DeviceConfiguration', ''],
    ],
  },
  DeviceConfiguration: {
    doc: 'Configuration for a driver: exactly one field is set.',
    inlineOnly: true,
    fields: [['*opaque,omitempty', 1, 'OpaqueDeviceConfiguration', 'Parameters only the driver understands.']],
  },
  OpaqueDeviceConfiguration: {
    doc: 'Parameters for one driver, in a format the driver defines.',
    fields: [
      ['driver', 1, 'string', 'The driver whose node plugin receives the parameters: a DNS subdomain in lower case, at most 63 characters.'],
      ['parameters', 2, 'RawExtension', 'The parameters, any JSON object of at most 10 KiB (typically with apiVersion and kind); the driver validates them.'],
    ],
  },
  DeviceToleration: {
    doc: 'A device taint a request tolerates: the key, value and effect it matches with its operator.',
    fields: [
      ['key,omitempty', 1, 'string', 'The taint key matched (a label name); empty matches every key, with operator Exists.'],
      ['operator,omitempty', 2, 'string:DeviceTolerationOperator', 'Equal (the default) or Exists (any value).', { default: 'Equal', enum: TOLERATION_OPERATORS }],
      ['value,omitempty', 3, 'string', 'The taint value matched with operator Equal; empty with Exists.'],
      ['effect,omitempty', 4, 'string:DeviceTaintEffect', 'The effect matched (NoSchedule or NoExecute); empty matches every effect.', { enum: TAINT_EFFECTS }],
      ['*tolerationSeconds,omitempty', 5, 'int64', 'For NoExecute: how long the taint is tolerated once added; forever when unset, at once when zero or less.'],
    ],
  },
  ResourceClaimStatus: {
    doc: 'The allocation of a claim, who may use it, and what drivers report about the devices.',
    fields: [
      ['*allocation,omitempty', 1, 'AllocationResult', 'What was allocated; set once, and not changed while set.'],
      ['reservedFor,omitempty', 2, '[]ResourceClaimConsumerReference', 'The consumers (pods) allowed to use the claim, by uid, at most 256; only on an allocated claim.', { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }],
      ['devices,omitempty', 4, '[]AllocatedDeviceStatus', 'What each driver reports about the devices allocated from it.', { listType: 'map', listMapKeys: ['driver', 'device', 'pool', 'shareID'] }],
    ],
  },
  ResourceClaimConsumerReference: {
    doc: 'A consumer of a claim, in the claim\'s namespace.',
    fields: [
      ['apiGroup,omitempty', 1, 'string', 'The consumer\'s API group; empty for the core group.'],
      ['resource', 3, 'string', 'The consumer\'s resource, e.g. pods.'],
      ['name', 4, 'string', 'The consumer\'s name.'],
      ['uid', 5, 'string', 'The consumer\'s uid, which tells one incarnation from another.'],
    ],
  },
  AllocationResult: {
    doc: 'What was allocated for a claim and where it can be used.',
    fields: [
      ['devices,omitempty', 1, 'DeviceAllocationResult', 'The allocated devices and their configuration.'],
      ['*nodeSelector,omitempty', 3, 'core.NodeSelector', 'The nodes where the allocation can be used; everywhere when unset.'],
      ['*allocationTimestamp,omitempty', 5, 'meta.Time', 'When the allocation was made, when known (alpha).'],
    ],
  },
  DeviceAllocationResult: {
    doc: 'The devices allocated for a claim and the configuration that goes with them.',
    fields: [
      ['results,omitempty', 1, '[]DeviceRequestAllocationResult', 'One entry per allocated device, at most 32.', { listType: 'atomic' }],
      ['config,omitempty', 2, '[]DeviceAllocationConfiguration', 'The configuration of the claim and of its classes together, at most 64.', { listType: 'atomic' }],
    ],
  },
  DeviceRequestAllocationResult: {
    doc: 'One device allocated for a request of a claim.',
    fields: [
      ['request', 1, 'string', 'The request (or <request>/<alternative>) the device was allocated for.'],
      ['driver', 2, 'string', 'The driver whose node plugin prepares the device: a DNS subdomain in lower case, at most 63 characters.'],
      ['pool', 3, 'string', 'The pool of the device: DNS subdomains joined by slashes, at most 253 characters.'],
      ['device', 4, 'string', 'The device\'s name in its pool: a DNS label.'],
      ['*adminAccess,omitempty', 5, 'bool', 'The device was allocated for administrative access (beta).'],
      ['tolerations,omitempty', 6, '[]DeviceToleration', 'The request\'s tolerations when the device was allocated, at most 16 (alpha).', { listType: 'atomic' }],
      ['bindingConditions,omitempty', 7, '[]string', 'The device\'s binding conditions when it was allocated (alpha).', { listType: 'atomic' }],
      ['bindingFailureConditions,omitempty', 8, '[]string', 'The device\'s binding failure conditions when it was allocated (alpha).', { listType: 'atomic' }],
      ['*shareID,omitempty', 9, 'string', 'Which share of a device allocated several times this is: a lower-case UUID.'],
      ['consumedCapacity,omitempty', 10, 'map[string]Quantity', 'How much of each capacity of a shared device this allocation takes.'],
    ],
  },
  DeviceAllocationConfiguration: {
    doc: 'Configuration of an allocation, from the claim or from a class.',
    fields: [
      ['source', 1, 'string:AllocationConfigSource', 'Where it comes from: FromClass or FromClaim.', { enum: CONFIG_SOURCES }],
      ['requests,omitempty', 2, '[]string', 'The requests (or <request>/<alternative>) it applies to, at most 32; all when empty.', { listType: 'atomic' }],
      [',inline', 3, 'DeviceConfiguration', ''],
    ],
  },
  AllocatedDeviceStatus: {
    doc: 'What a driver reports about one allocated device; driver, pool, device and shareID name an entry of the allocation.',
    fields: [
      ['driver', 1, 'string', 'The driver of the device.'],
      ['pool', 2, 'string', 'The pool of the device.'],
      ['device', 3, 'string', 'The device\'s name in its pool.'],
      ['*shareID,omitempty', 7, 'string', 'The share of the device, for devices allocated several times.'],
      ['conditions', 4, '[]meta.Condition', 'The device\'s state, at most 8 conditions; Ready is True once it is configured.', { listType: 'map', listMapKeys: ['type'], optional: true }],
      ['*data,omitempty', 5, 'RawExtension', 'Data of the driver\'s own, at most 10 KiB.'],
      ['*networkData,omitempty', 6, 'NetworkDeviceData', 'Network details of the device.'],
    ],
  },
  NetworkDeviceData: {
    doc: 'How an allocated device appears on the network.',
    fields: [
      ['interfaceName,omitempty', 1, 'string', 'The network interface of the device in the pod, at most 256 characters.'],
      ['ips,omitempty', 2, '[]string', 'The interface\'s addresses in CIDR form (e.g. 192.0.2.5/24), at most 16.', { listType: 'atomic' }],
      ['hardwareAddress,omitempty', 3, 'string', 'The interface\'s hardware (MAC) address, at most 128 characters.'],
    ],
  },
};

/** Classes and templates. */
const classStructs: Record<string, StructDecl> = {
  DeviceClass: {
    doc: 'A class of devices an administrator or vendor defines: the selectors and configuration every request naming it inherits.',
    kind: { group: 'resource.orch.io', version: 'v1', kind: 'DeviceClass' },
    listDoc: 'A list of device classes.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec', 2, 'DeviceClassSpec', 'What the class selects and how its devices are configured; may change (allocations keep what held when they were made). A change increments metadata.generation.'],
    ],
  },
  DeviceClassSpec: {
    doc: 'The selectors and configuration of a device class.',
    fields: [
      ['selectors,omitempty', 1, '[]DeviceSelector', 'Selectors every device claimed through the class must meet, at most 32.', { listType: 'atomic' }],
      ['config,omitempty', 2, '[]DeviceClassConfiguration', 'Configuration passed to drivers for every device claimed through the class, at most 32.', { listType: 'atomic' }],
      ['*extendedResourceName,omitempty', 4, 'string', 'An extended resource name pods may request to be given devices of this class (alpha, DRAExtendedResource).'],
    ],
  },
  DeviceClassConfiguration: {
    doc: 'Configuration a device class passes to drivers.',
    fields: [[',inline', 1, 'DeviceConfiguration', '']],
  },
  ResourceClaimTemplate: {
    doc: 'A template from which a claim is made for each pod that names it.',
    kind: { group: 'resource.orch.io', version: 'v1', kind: 'ResourceClaimTemplate' },
    listDoc: 'A list of resource claim templates.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec', 2, 'ResourceClaimTemplateSpec', 'The claim to make. Immutable.'],
    ],
  },
  ResourceClaimTemplateSpec: {
    doc: 'The labels, annotations and spec of the claims made from a template.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Labels and annotations copied to each claim; nothing else may be set.'],
      ['spec', 2, 'ResourceClaimSpec', 'The spec of each claim, copied unchanged.'],
    ],
  },
};

export const resourcePackage: GoPackage = {
  prefix: 'io.orch.api.resource.v1',
  goPackage: 'v1',
  structs: { ...sliceStructs, ...claimStructs, ...classStructs },
};
