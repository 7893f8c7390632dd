// Keeps each FlowSchema's Dangling condition true to whether its priority level exists, written
// through the store as Kubernetes' APF controller writes it (lastTransitionTime moves only when
// the status changes).
import type { Condition, FlowSchema } from '../../api/flowcontrol/v1/types.ts';
import { CONDITION_DANGLING } from '../../api/flowcontrol/v1/types.ts';
import type { Store } from '../../storage/interface.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { nowTimestamp } from '../registry/generic/object-meta.ts';

const log = klog('flowcontrol/status');

export function danglingCondition(fs: FlowSchema, levelExists: boolean): Omit<Condition, 'lastTransitionTime'> {
  const name = fs.spec.priorityLevelConfiguration?.name ?? '';
  return levelExists
    ? { type: CONDITION_DANGLING, status: 'False', reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named "${name}" and it exists` }
    : { type: CONDITION_DANGLING, status: 'True', reason: 'NotFound', message: `This FlowSchema references the PriorityLevelConfiguration object named "${name}" but there is no such object` };
}

function upToDate(fs: FlowSchema, want: Omit<Condition, 'lastTransitionTime'>): boolean {
  const have = fs.status?.conditions?.find((c) => c.type === CONDITION_DANGLING);
  return !!have && have.status === want.status && have.reason === want.reason && have.message === want.message;
}

export interface DanglingStatusWriter {
  /** Brings every schema's condition up to date (runs are serialised; a request during a run runs once more after it). */
  sync(schemas: readonly FlowSchema[], levelExists: (name: string) => boolean): void;
  /** Resolves once no write is pending. */
  idle(): Promise<void>;
}

export function danglingStatusWriter(store: Store<FlowSchema>, keyOf: (name: string) => string): DanglingStatusWriter {
  let running: Promise<void> = Promise.resolve();
  let pending: (() => Promise<void>) | undefined;
  let busy = false;
  const run = () => {
    if (busy || !pending) return;
    busy = true;
    const job = pending;
    pending = undefined;
    running = job().finally(() => {
      busy = false;
      run();
    });
  };
  return {
    sync(schemas, levelExists) {
      const todo = schemas.filter((fs) => !upToDate(fs, danglingCondition(fs, levelExists(fs.spec.priorityLevelConfiguration?.name ?? ''))));
      if (!todo.length) return;
      pending = async () => {
        for (const fs of todo) {
          try {
            await store.guaranteedUpdate(keyOf(fs.metadata.name ?? ''), {
              tryUpdate: (current) => {
                const obj = structuredClone(current!);
                const want = danglingCondition(obj, levelExists(obj.spec.priorityLevelConfiguration?.name ?? ''));
                const others = (obj.status?.conditions ?? []).filter((c) => c.type !== CONDITION_DANGLING);
                const prev = obj.status?.conditions?.find((c) => c.type === CONDITION_DANGLING);
                const lastTransitionTime = prev && prev.status === want.status && prev.lastTransitionTime ? prev.lastTransitionTime : nowTimestamp();
                obj.status = { ...obj.status, conditions: [...others, { ...want, lastTransitionTime }] };
                return { object: obj };
              },
            });
          } catch (err) {
            // Deleted meanwhile, or storage trouble: the next change tries again.
            log.info('Writing a FlowSchema status failed', { name: fs.metadata.name, err: (err as Error).message }, 2);
          }
        }
      };
      run();
    },
    async idle() {
      while (busy || pending) await running;
    },
  };
}
