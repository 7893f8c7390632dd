// resource.v1alpha3's types served by this server, as Go structs (see ../go-structs.ts):
// DeviceTaintRule, alpha in Kubernetes 1.35 and served only with --runtime-config and the
// DRADeviceTaints and DRADeviceTaintRules gates. DeviceTaint is resource/v1's, field for field.
// Field numbers and tags are Kubernetes' (k8s.io/api resource/v1alpha3, 1.35: the selector kept
// driver, pool and device, numbered as before the class and CEL selectors were removed);
// descriptions are our own.
import type { GoPackage } from '../go-structs.ts';
import { resourcePackage } from './package.ts';

export const resourceV1alpha3Package: GoPackage = {
  prefix: 'io.orch.api.resource.v1alpha3',
  goPackage: 'v1alpha3',
  structs: {
    DeviceTaintRule: {
      doc: 'One taint put on every device its selector picks, with the same effect as a taint the device\'s driver publishes in its ResourceSlice.',
      kind: { group: 'resource.orch.io', version: 'v1alpha3', kind: 'DeviceTaintRule' },
      listDoc: 'A list of device taint rules.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'DeviceTaintRuleSpec', 'Which devices are tainted and with what; each change of it raises metadata.generation.'],
        ['status,omitempty', 3, 'DeviceTaintRuleStatus', 'What became of the rule (evictions it caused); written through /status.'],
      ],
    },
    DeviceTaintRuleSpec: {
      doc: 'The devices a rule taints and the taint.',
      fields: [
        ['*deviceSelector,omitempty', 1, 'DeviceTaintSelector', 'The devices tainted: those matching every field given. An empty selector picks every device; no selector, none.'],
        ['taint', 2, 'DeviceTaint', 'The taint put on the selected devices. Its timeAdded is set when left out, and set anew when an update changes the effect but not the time.'],
      ],
    },
    DeviceTaintSelector: {
      doc: 'Which devices a taint rule applies to: those matching every field that is set.',
      fields: [
        ['*driver,omitempty', 2, 'string', 'Only devices of this driver (a ResourceSlice\'s spec.driver).'],
        ['*pool,omitempty', 3, 'string', 'Only devices of this pool; pool names of different drivers may coincide, so naming the driver too may be needed.'],
        ['*device,omitempty', 4, 'string', 'Only devices of this name (spec.devices[].name of a slice); driver and pool may be needed to pick one device alone.'],
      ],
    },
    DeviceTaintRuleStatus: {
      doc: 'What the cluster made of a taint rule.',
      fields: [
        ['conditions,omitempty', 1, '[]meta.Condition', 'At most 8 conditions, one per type; EvictionInProgress tells whether pods still have to be evicted because of the rule.', { listType: 'map', listMapKeys: ['type'] }],
      ],
    },
    DeviceTaint: resourcePackage.structs.DeviceTaint!,
  },
};
