/**
 * The shared counter of a thread's answers (startThread.ts, threadPort.ts): slot ANSWERS counts
 * the answers posted, STARTED is 1 once the thread listens, PROGRESS counts units of its work (so
 * a slow thread is told apart from a stuck one). A thread that answers on its port and counts
 * here can be waited for synchronously (`Atomics.wait`), which keeps a synchronous caller (an
 * eval import) synchronous; several threads may share one counter, so a caller waits for any.
 */
const ANSWERS = 0;
const STARTED = 1;
const PROGRESS = 2;

export class AnswerCounter {
  readonly slots: Int32Array;

  /** A counter on `buffer` (a new one by default; a thread's on the buffer it was given). */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)) {
    this.slots = new Int32Array(buffer);
  }

  /** Answers posted so far, by every thread counting here. */
  get answers(): number {
    return Atomics.load(this.slots, ANSWERS);
  }

  /** True once a thread counting here listens. */
  get started(): boolean {
    return Atomics.load(this.slots, STARTED) === 1;
  }

  /** Units of work the threads counting here reported. */
  get progress(): number {
    return Atomics.load(this.slots, PROGRESS);
  }

  /** Blocks this thread until more than `seen` answers were posted, or `ms` pass: false when the time ran out. */
  waitBeyond(seen: number, ms: number): boolean {
    return Atomics.wait(this.slots, ANSWERS, seen, ms) !== 'timed-out';
  }

  /** (Thread side) the thread listens. */
  markStarted(): void {
    Atomics.store(this.slots, STARTED, 1);
    Atomics.notify(this.slots, ANSWERS);
  }

  /** (Thread side) one more answer was posted. */
  countAnswer(): void {
    Atomics.add(this.slots, ANSWERS, 1);
    Atomics.notify(this.slots, ANSWERS);
  }

  /** (Thread side) one more unit of work was done. */
  countProgress(): void {
    Atomics.add(this.slots, PROGRESS, 1);
  }
}
