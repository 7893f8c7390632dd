// The pods whose tracking finalizer the job controller has asked to remove and has not yet seen
// removed, per job (Kubernetes' uidTrackingExpectations): until the informer shows the removal, a
// pod is not counted a second time.

export class FinalizerExpectations {
  private readonly byJob = new Map<string, Set<string>>();

  expectedUids(jobKey: string): ReadonlySet<string> {
    return new Set(this.byJob.get(jobKey) ?? []);
  }

  expectRemoved(jobKey: string, uids: readonly string[]): void {
    let set = this.byJob.get(jobKey);
    if (!set) this.byJob.set(jobKey, (set = new Set()));
    for (const uid of uids) set.add(uid);
  }

  removalObserved(jobKey: string, uid: string): void {
    this.byJob.get(jobKey)?.delete(uid);
  }

  delete(jobKey: string): void {
    this.byJob.delete(jobKey);
  }
}
