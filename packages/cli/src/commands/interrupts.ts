/**
 * SIGINT and SIGTERM during `evalsim run` / `reproduce`: the first one aborts the run's
 * signal — the runner stops dispatching, finishes the chunks in flight, keeps the
 * checkpoints of finished cells and releases the output lock — and the command then prints
 * `interrupted after N of M cells; rerun with --resume` and exits 130 (SIGINT) or 143
 * (SIGTERM), the shell's 128 + signal number. A second signal acts as Node's default
 * (the process ends at once; a lock left behind is taken over by the next run).
 */

/** Exit status after each signal: 128 + its number. */
export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

export type InterruptSignal = keyof typeof SIGNAL_EXIT_CODES;

export interface Interrupts {
  /** Aborted by the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** The signal received, if any. */
  readonly received: InterruptSignal | undefined;
  /** Stops listening (always call it: in a finally). */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM until disposed. */
export function listenForInterrupts(): Interrupts {
  const controller = new AbortController();
  let received: InterruptSignal | undefined;
  const handlers = (Object.keys(SIGNAL_EXIT_CODES) as InterruptSignal[]).map((name) => {
    const handler = () => {
      received = name;
      controller.abort(new Error(`interrupted by ${name}`));
    };
    process.once(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    dispose() {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
    },
  };
}

/** The line printed after an interrupt. */
export function interruptedMessage(cellsDone: number, cellsTotal: number): string {
  return `interrupted after ${cellsDone} of ${cellsTotal} cells; rerun with --resume`;
}
