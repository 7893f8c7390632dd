// Keeps the control-plane processes of `orch up` in the foreground: forwards SIGINT/SIGTERM to
// them, waits until they have shut down, and ends everything when one dies on its own. Children
// stop in reverse start order, so components that use the apiserver stop while it still serves.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedChild {
  name: string;
  pid: number | undefined;
  /** Settles when the process has exited. */
  exited: Promise<ChildExit>;
}

export interface Supervisor {
  /** Starts a child in a process group of its own, so a terminal's Ctrl-C reaches it only through us. */
  start(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv): SupervisedChild;
  /** Aborted as soon as a child exits or a stop signal arrives; start-up waits use it to give up. */
  readonly interrupted: AbortSignal;
  /** Asks every child to shut down gracefully, as a stop signal would. */
  stop(reason: string): void;
  /**
   * Settles with the exit code for the whole of `orch up`: 0 when a signal asked for shutdown and
   * every child then exited cleanly, 1 when a child died on its own or shut down uncleanly.
   */
  wait(): Promise<number>;
}

export interface SupervisorOptions {
  /** Writes one line for the user (to stderr). */
  say(line: string): void;
  /** Signal source; defaults to this process. */
  signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

export function createSupervisor(opts: SupervisorOptions): Supervisor {
  const signals = opts.signals ?? process;
  const children: Array<{ name: string; process: ChildProcess; exited: Promise<ChildExit> }> = [];
  const interrupt = new AbortController();
  let stopping: NodeJS.Signals | undefined;
  let firstDeath: ChildExit | undefined;
  let settle: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => (settle = resolve));

  const running = (c: { process: ChildProcess }): boolean => c.process.exitCode === null && c.process.signalCode === null;
  const killOnExit = (): void => {
    for (const c of children) if (running(c)) c.process.kill('SIGKILL');
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second request means "now": do not wait for graceful shutdown.
      opts.say(`orch: ${signal} again, killing the control plane`);
      killOnExit();
      return;
    }
    stopAll(signal, `${signal} received`);
  };

  const stopAll = (signal: NodeJS.Signals, reason: string): void => {
    opts.say(`orch: ${reason}, shutting down`);
    interrupt.abort(new Error(reason));
    void shutDown(signal);
  };

  const shutDown = async (signal: NodeJS.Signals): Promise<void> => {
    stopping = signal;
    for (const c of [...children].reverse()) {
      if (running(c)) c.process.kill(signal);
      await c.exited;
    }
    // A child started while stopping was signalled by start(); wait for it too.
    const exits = await Promise.all(children.map((c) => c.exited));
    for (const s of STOP_SIGNALS) signals.off(s, onSignal);
    process.off('exit', killOnExit);
    if (firstDeath) return settle(1);
    // Ending by the very signal we sent (the default action of a process without handlers) is clean.
    const unclean = exits.filter((e) => e.code !== 0 && e.signal !== signal);
    for (const e of unclean) opts.say(`orch: ${e.name} ${describeExit(e)} while shutting down`);
    settle(unclean.length === 0 ? 0 : 1);
  };

  const onChildExit = (exit: ChildExit): void => {
    if (stopping || firstDeath) return;
    firstDeath = exit;
    opts.say(`orch: ${exit.name} ${describeExit(exit)}; stopping`);
    interrupt.abort(new Error(`${exit.name} ${describeExit(exit)}`));
    void shutDown('SIGTERM');
  };

  for (const s of STOP_SIGNALS) signals.on(s, onSignal);
  process.on('exit', killOnExit);

  return {
    interrupted: interrupt.signal,
    start(name, command, args, env) {
      const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], detached: true, env: env ?? process.env });
      const exited = new Promise<ChildExit>((resolve) => {
        child.once('error', (err) => {
          opts.say(`orch: cannot start ${name}: ${err.message}`);
          resolve({ name, code: 127, signal: null });
        });
        child.once('exit', (code, signal) => resolve({ name, code, signal }));
      });
      void exited.then(onChildExit);
      children.push({ name, process: child, exited });
      if (stopping) child.kill(stopping);
      return { name, pid: child.pid, exited };
    },
    stop(reason) {
      if (!stopping) stopAll('SIGTERM', reason);
    },
    wait: () => done,
  };
}

export function describeExit(exit: ChildExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
