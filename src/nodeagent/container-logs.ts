// The synthetic logs of simulated containers: each run of a container (an instance) keeps the
// lines that tell what happened to it, with the time of each; a restarted container starts a new
// instance and the one before stays readable as its previous log. Readers following a log get new
// lines as they are written, until the instance ends.
export interface LogLine {
  /** Milliseconds since the epoch. */
  at: number;
  text: string;
}

export interface LogInstance {
  lines: LogLine[];
  ended: boolean;
  /** Called with each new line, and with undefined when the instance ends. */
  followers: Set<(line: LogLine | undefined) => void>;
}

/** Instances kept per container: the current one and the one before. */
const KEPT_INSTANCES = 2;

export class ContainerLogs {
  /** `<pod uid>/<container>` → its instances, oldest first. */
  private readonly byContainer = new Map<string, LogInstance[]>();

  /** Starts a new instance for the container; the one before it ends. */
  begin(podUID: string, container: string): void {
    const key = `${podUID}/${container}`;
    const instances = this.byContainer.get(key) ?? [];
    const last = instances.at(-1);
    if (last) this.finish(last);
    instances.push({ lines: [], ended: false, followers: new Set() });
    while (instances.length > KEPT_INSTANCES) instances.shift();
    this.byContainer.set(key, instances);
  }

  write(podUID: string, container: string, text: string, at: number): void {
    const current = this.byContainer.get(`${podUID}/${container}`)?.at(-1);
    if (!current || current.ended) return;
    const line = { at, text };
    current.lines.push(line);
    for (const follower of current.followers) follower(line);
  }

  end(podUID: string, container: string): void {
    const current = this.byContainer.get(`${podUID}/${container}`)?.at(-1);
    if (current) this.finish(current);
  }

  /** The current instance (previous: the one before it). */
  instance(podUID: string, container: string, previous: boolean): LogInstance | undefined {
    const instances = this.byContainer.get(`${podUID}/${container}`) ?? [];
    return previous ? instances.at(-2) : instances.at(-1);
  }

  /** Forgets every log of a pod that is gone. */
  forgetPod(podUID: string): void {
    for (const [key, instances] of this.byContainer) {
      if (!key.startsWith(`${podUID}/`)) continue;
      for (const instance of instances) this.finish(instance);
      this.byContainer.delete(key);
    }
  }

  private finish(instance: LogInstance): void {
    if (instance.ended) return;
    instance.ended = true;
    for (const follower of instance.followers) follower(undefined);
    instance.followers.clear();
  }
}
