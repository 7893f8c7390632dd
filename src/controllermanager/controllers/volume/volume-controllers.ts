// The volume controllers built from the typed options, for the manager's table: the binder (with
// its recycler pod templates read once at start, as Kubernetes reads them), the expander, the
// attach-detach, ephemeral-volume and volume attributes class protection controllers.
import type { ControllerConstructor } from '../../controller.ts';
import { attachDetachController } from './attachdetach/attach-detach-controller.ts';
import { ephemeralVolumeController } from './ephemeral/ephemeral-controller.ts';
import { expandController } from './expand/expand-controller.ts';
import { persistentVolumeBinderController } from './persistentvolume/binder-controller.ts';
import { loadRecyclerTemplate } from './persistentvolume/recycler-pod.ts';
import { vacProtectionController } from './vacprotection/vac-protection-controller.ts';

export const volumeControllerConstructors: Readonly<Record<string, ControllerConstructor>> = {
  'persistentvolume-binder-controller': (options) => {
    const binder = options.persistentVolumeBinderController;
    const { recycler } = binder;
    return persistentVolumeBinderController({
      syncPeriodMs: binder.syncPeriodMs,
      enableDynamicProvisioning: binder.enableDynamicProvisioning,
      enableHostPathProvisioner: binder.enableHostPathProvisioner,
      recycler: {
        minimumTimeoutNFS: recycler.minimumTimeoutNFS,
        incrementTimeoutNFS: recycler.incrementTimeoutNFS,
        podTemplateNFS: loadRecyclerTemplate(recycler.podTemplateFilePathNFS),
        minimumTimeoutHostPath: recycler.minimumTimeoutHostPath,
        incrementTimeoutHostPath: recycler.incrementTimeoutHostPath,
        podTemplateHostPath: loadRecyclerTemplate(recycler.podTemplateFilePathHostPath),
      },
    });
  },
  'persistentvolume-expander-controller': (options) => expandController({ enableHostPathProvisioner: options.persistentVolumeBinderController.enableHostPathProvisioner }),
  'persistentvolume-attach-detach-controller': (options) => attachDetachController(options.attachDetachController),
  'ephemeral-volume-controller': (options) => ephemeralVolumeController(options.ephemeralVolumeController),
  'volumeattributesclass-protection-controller': () => vacProtectionController(),
};
