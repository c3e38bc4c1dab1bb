/**
 * The one way evalsim starts a thread that talks on a port (the plot render thread, an import's
 * log readers and its background file work, `evalsim rate`'s bootstrap workers; the study
 * runner's threads are piscina's task queue, runner/workerThread.ts): a worker on a built module,
 * given its data, a MessagePort for its answers and a shared AnswerCounter, so that this thread can take the answers as they come
 * (`onAnswer`) or synchronously (`take`, waiting on the counter). The thread does not keep the
 * process alive unless asked (`keepAlive`), its failure or exit is reported once (`onEnd`), never
 * thrown, and it runs without this process's flags (`execArgv: []`: no inspector, no heap limit
 * meant for the main thread). The module's side is threadPort.ts.
 */
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  type Transferable,
  Worker,
} from 'node:worker_threads';
import { AnswerCounter } from './answerCounter.js';

/** What the thread's module gets as `workerData` (threadPort.ts reads it). */
export interface ThreadData {
  readonly data: unknown;
  readonly port: MessagePort;
  readonly counter: SharedArrayBuffer;
}

export interface ThreadOptions {
  /** The thread's own data (structured-cloned; `transfer` moves its transferables). */
  readonly data?: unknown;
  readonly transfer?: readonly Transferable[];
  /** A counter shared with other threads (default: the thread's own). */
  readonly counter?: AnswerCounter;
}

export interface StartedThread<Answer> {
  readonly counter: AnswerCounter;
  /** worker_threads' threadId of the thread (for traces: runner/threadTrace.ts). */
  readonly threadId: number;
  /** Sends the thread a request (its threadPort's `onRequest` gets it). */
  post(request: unknown, transfer?: readonly Transferable[]): void;
  /** The next answer already posted, or undefined: never waits (wait with `counter.waitBeyond`). */
  take(): Answer | undefined;
  /** Calls `listener` with each answer as it comes (instead of `take`). */
  onAnswer(listener: (answer: Answer) => void): void;
  /** Whether the thread keeps the process alive (it does not at first). */
  keepAlive(on: boolean): void;
  /** Calls `listener` once when the thread fails or stops (not after `close`). */
  onEnd(listener: (error: Error) => void): void;
  /** Stops the thread (a task it runs is abandoned); safe to call more than once. */
  close(): Promise<void>;
}

/** Starts a thread on the module `file`; undefined when it cannot be started (its data cannot be sent, no thread to be had). */
export function startThread<Answer>(
  file: string,
  options: ThreadOptions = {},
): StartedThread<Answer> | undefined {
  const counter = options.counter ?? new AnswerCounter();
  const channel = new MessageChannel();
  const workerData: ThreadData = { data: options.data, port: channel.port2, counter: counter.buffer };
  let worker: Worker;
  try {
    worker = new Worker(file, {
      workerData,
      transferList: [channel.port2, ...(options.transfer ?? [])],
      execArgv: [],
    });
  } catch {
    channel.port1.close();
    return undefined;
  }
  worker.unref();
  const port = channel.port1;
  port.unref();
  let closed: Promise<void> | undefined;
  let ended: ((error: Error) => void) | undefined;
  let endedWith: Error | undefined;
  const end = (error: Error) => {
    if (closed || endedWith) return;
    endedWith = error;
    ended?.(error);
  };
  worker.on('error', (error) => end(error));
  worker.on('exit', (code) => end(new Error(`the thread stopped (exit code ${code})`)));
  return {
    counter,
    threadId: worker.threadId,
    post: (request, transfer = []) => port.postMessage(request, transfer),
    take: () => receiveMessageOnPort(port)?.message as Answer | undefined,
    onAnswer: (listener) => port.on('message', listener),
    keepAlive(on) {
      if (on) {
        worker.ref();
        port.ref();
      } else {
        worker.unref();
        port.unref();
      }
    },
    onEnd(listener) {
      ended = listener;
      if (endedWith) listener(endedWith);
    },
    close() {
      closed ??= (async () => {
        port.close();
        await worker.terminate();
      })();
      return closed;
    },
  };
}
