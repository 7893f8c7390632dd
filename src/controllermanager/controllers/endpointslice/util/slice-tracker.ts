// The generations of the EndpointSlices a controller wrote, per service (Kubernetes'
// EndpointSliceTracker). The informer's copy may lag behind the controller's own writes: a sync
// that saw an older slice than it wrote, a slice it deleted, or missed one it created, would act
// on a stale view (and create a duplicate), so it waits for the cache instead.
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import { SERVICE_NAME_LABEL } from './well-known.ts';

/** Marks a slice this controller deleted and expects to see go. */
const DELETION_EXPECTED = -1;

const serviceKeyOf = (slice: EndpointSlice) => `${slice.metadata.namespace ?? ''}/${slice.metadata.labels?.[SERVICE_NAME_LABEL] ?? ''}`;

export class EndpointSliceTracker {
  private readonly byService = new Map<string, Map<string, number>>();

  private generations(slice: EndpointSlice, create: boolean): Map<string, number> | undefined {
    const key = serviceKeyOf(slice);
    let gens = this.byService.get(key);
    if (!gens && create) this.byService.set(key, (gens = new Map()));
    return gens;
  }

  has(slice: EndpointSlice): boolean {
    return this.generations(slice, false)?.has(slice.metadata.uid ?? '') ?? false;
  }

  /** False when the slice is the one this controller last wrote (nothing new to look at). */
  shouldSync(slice: EndpointSlice): boolean {
    const g = this.generations(slice, false)?.get(slice.metadata.uid ?? '');
    return g === undefined || (slice.metadata.generation ?? 0) > g;
  }

  /** Whether the slices a sync sees are older than what this controller has written. */
  staleSlices(namespace: string, serviceName: string, slices: readonly EndpointSlice[]): boolean {
    const gens = this.byService.get(`${namespace}/${serviceName}`);
    if (!gens) return false;
    const seen = new Set<string>();
    for (const slice of slices) {
      const uid = slice.metadata.uid ?? '';
      seen.add(uid);
      const g = gens.get(uid);
      if (g !== undefined && (g === DELETION_EXPECTED || g > (slice.metadata.generation ?? 0))) return true;
    }
    for (const [uid, g] of gens) if (g !== DELETION_EXPECTED && !seen.has(uid)) return true;
    return false;
  }

  update(slice: EndpointSlice): void {
    this.generations(slice, true)!.set(slice.metadata.uid ?? '', slice.metadata.generation ?? 0);
  }

  expectDeletion(slice: EndpointSlice): void {
    this.generations(slice, true)!.set(slice.metadata.uid ?? '', DELETION_EXPECTED);
  }

  /**
   * Forgets a slice that is gone; true when this controller deleted it itself (nothing to do),
   * false when someone else did and its service must be synced.
   */
  handleDeletion(slice: EndpointSlice): boolean {
    const gens = this.generations(slice, false);
    const uid = slice.metadata.uid ?? '';
    const g = gens?.get(uid);
    gens?.delete(uid);
    if (gens && gens.size === 0) this.byService.delete(serviceKeyOf(slice));
    return g === DELETION_EXPECTED;
  }

  deleteService(namespace: string, name: string): void {
    this.byService.delete(`${namespace}/${name}`);
  }
}
