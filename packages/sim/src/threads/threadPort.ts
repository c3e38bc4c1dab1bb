/**
 * The module's side of a thread started by startThread.ts: its data, its requests, and its
 * answers — posted on the port and counted on the shared counter, so the starting thread can wait
 * for them synchronously. Calling threadPort() marks the thread as listening.
 */

import type { Transferable } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { AnswerCounter } from './answerCounter.js';
import type { ThreadData } from './startThread.js';

export interface ThreadPort<Request> {
  /** The data the thread was started with. */
  readonly data: unknown;
  /** Posts an answer (its transferables moved) and counts it. */
  answer(message: unknown, transfer?: readonly Transferable[]): void;
  /** Calls `listener` with each request the starting thread posts. */
  onRequest(listener: (request: Request) => void): void;
  /** Counts one more unit of work (a block read, say): the starting thread tells slow from stuck. */
  progressed(): void;
  /** Closes the port (the thread may then end). */
  close(): void;
}

export function threadPort<Request>(): ThreadPort<Request> {
  const { data, port, counter: buffer } = workerData as ThreadData;
  const counter = new AnswerCounter(buffer);
  counter.markStarted();
  return {
    data,
    answer(message, transfer = []) {
      port.postMessage(message, transfer);
      counter.countAnswer();
    },
    onRequest: (listener) => port.on('message', listener),
    progressed: () => counter.countProgress(),
    close: () => port.close(),
  };
}
