// CSINode validation as Kubernetes' ValidateCSINode and its update form: a node name, and per
// driver a CSI driver name used once, a node ID of at most 256 characters, a volume count of 0 or
// more and topology keys that are distinct qualified names; an existing driver entry may change
// only its allocatable count afterwards.
import type { CSINode, CSINodeDriver } from '../../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative, qualifiedName } from '../../core/pods/validation/checks.ts';
import { validateCSIDriverName } from '../../core/pods/volumes/pod-sources.ts';

/** Kubernetes' longer node ID limit, which its strategy allows. */
const MAX_NODE_ID = 256;

function validateDriver(driver: CSINodeDriver, names: Set<string>, path: string): FieldError[] {
  const errs = validateCSIDriverName(driver.name ?? '', `${path}.name`);
  const nodeID = driver.nodeID ?? '';
  if (!nodeID) errs.push(required(`${path}.nodeID`));
  if (nodeID.length > MAX_NODE_ID) errs.push(invalid(`${path}.nodeID`, nodeID, `must be ${MAX_NODE_ID} characters or less`));
  const count = driver.allocatable?.count;
  if (count != null) errs.push(...nonNegative(count, `${path}.allocatable.count`));
  if (names.has(driver.name)) errs.push(duplicate(`${path}.name`, driver.name));
  names.add(driver.name);
  const keys = new Set<string>();
  for (const key of driver.topologyKeys ?? []) {
    if (!key) errs.push(required(path));
    if (keys.has(key)) errs.push(duplicate(path, key));
    keys.add(key);
    errs.push(...qualifiedName(key, path));
  }
  return errs;
}

function validate(node: CSINode): FieldError[] {
  const errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  const names = new Set<string>();
  (node.spec?.drivers ?? []).forEach((d, i) => errs.push(...validateDriver(d, names, `spec.drivers[${i}]`)));
  return errs;
}

export function validateCSINode(node: CSINode): StatusCause[] {
  return toStatusCauses(validate(node));
}

export function validateCSINodeUpdate(node: CSINode, old: CSINode): StatusCause[] {
  const errs = validate(node);
  const withoutAllocatable = ({ allocatable: _, ...rest }: CSINodeDriver) => rest;
  for (const before of old.spec?.drivers ?? []) {
    for (const after of node.spec?.drivers ?? []) {
      if (before.name === after.name) errs.push(...validateImmutableField(withoutAllocatable(after), withoutAllocatable(before), 'spec.drivers'));
    }
  }
  return toStatusCauses(errs);
}
