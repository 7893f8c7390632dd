// The resources of the storage group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { csiDriversDeclaration } from './csidrivers/declaration.ts';
import { csiNodesDeclaration } from './csinodes/declaration.ts';
import { csiStorageCapacitiesDeclaration } from './csistoragecapacities/declaration.ts';
import { storageClassesDeclaration } from './storageclasses/declaration.ts';
import { volumeAttachmentsDeclaration } from './volumeattachments/declaration.ts';
import { volumeAttributesClassesDeclaration } from './volumeattributesclasses/declaration.ts';

export function storageDeclarations(): ResourceDeclaration<any, any>[] {
  return [
    storageClassesDeclaration(),
    volumeAttachmentsDeclaration(),
    csiDriversDeclaration(),
    csiNodesDeclaration(),
    csiStorageCapacitiesDeclaration(),
    volumeAttributesClassesDeclaration(),
  ];
}
