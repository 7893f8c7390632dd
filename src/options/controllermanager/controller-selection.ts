// Controller selection rows.
import type { FlagSpec } from '../flag.ts';
import { controllerDescriptors } from './known-controllers.ts';
import { CONTROLLERS as group } from './groups.ts';

const allNames = controllerDescriptors.map((c) => c.name).join(', ');
const offByDefault = controllerDescriptors.filter((c) => !c.enabledByDefault).map((c) => c.name).join(', ');

export const controllerSelectionFlags: readonly FlagSpec[] = [
  { name: 'controllers', type: 'strings', default: '*', group, status: 'partial',
    statusNote: 'the list is checked and applied; enabled controllers not written yet wait for their API and an implementation',
    help: `A list of controllers to enable. '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo'.\nAll controllers: ${allNames}\nDisabled-by-default controllers: ${offByDefault}` },
  { name: 'controller-start-interval', type: 'duration', group, status: 'implemented',
    help: 'Interval between starting controller managers.' },
  { name: 'controller-shutdown-timeout', type: 'duration', default: '10s', group, status: 'implemented',
    help: 'Time to wait for the controllers to shut down before terminating the process.' },
  { name: 'use-service-account-credentials', type: 'bool', group, status: 'implemented',
    help: 'If true, use individual service account credentials for each controller.' },
  { name: 'enable-garbage-collector', type: 'bool', default: 'true', group, status: 'implemented',
    help: 'Enables the generic garbage collector. Must be synced with the corresponding flag of the orch-apiserver.' },
];
