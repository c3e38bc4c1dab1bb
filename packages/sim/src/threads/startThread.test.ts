import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { AnswerCounter } from './answerCounter.js';
import { startThread } from './startThread.js';

const ECHO = fileURLToPath(new URL('./test-utils/echoThread.mjs', import.meta.url));

interface Echo {
  readonly value?: number;
  readonly doubled?: number;
  readonly greeting?: string;
}

/** Takes answers synchronously until `count` arrived (waiting on the counter), or fails after 20 s. */
function takeSync(thread: NonNullable<ReturnType<typeof startThread<Echo>>>, count: number): Echo[] {
  const got: Echo[] = [];
  const deadline = Date.now() + 20_000;
  while (got.length < count && Date.now() < deadline) {
    const answer = thread.take();
    if (answer) got.push(answer);
    else thread.counter.waitBeyond(got.length, 1000);
  }
  return got;
}

describe('startThread: the one way to start a thread that talks on a port', () => {
  test('answers taken synchronously, waiting on the counter; its data and progress seen', async () => {
    const thread = startThread<Echo>(ECHO, { data: { greeting: 'hello' } })!;
    try {
      for (const value of [1, 2, 3]) thread.post({ value });
      // This thread never returns to the event loop here: the worker answers all the same.
      expect(takeSync(thread, 4)).toEqual([
        { greeting: 'hello' },
        { value: 1, doubled: 2 },
        { value: 2, doubled: 4 },
        { value: 3, doubled: 6 },
      ]);
      expect([thread.counter.started, thread.counter.answers, thread.counter.progress]).toEqual([true, 4, 3]);
      expect(thread.take()).toBeUndefined();
    } finally {
      await thread.close();
    }
  });

  test('answers as they come, asynchronously; two threads may count on one counter', async () => {
    const counter = new AnswerCounter();
    const threads = [startThread<Echo>(ECHO, { counter })!, startThread<Echo>(ECHO, { counter })!];
    try {
      const answers = await Promise.all(
        threads.map(
          (thread, k) =>
            new Promise<Echo>((resolve) => {
              thread.onAnswer(resolve);
              thread.keepAlive(true);
              thread.post({ value: 10 + k });
            }),
        ),
      );
      expect(answers).toEqual([
        { value: 10, doubled: 20 },
        { value: 11, doubled: 22 },
      ]);
      // A thread counts an answer just after posting it (threadPort.ts: so that a synchronous
      // waiter woken by the count finds the message), so a listener may see it first.
      const deadline = Date.now() + 5000;
      for (let seen = counter.answers; seen < 2 && Date.now() < deadline; seen = counter.answers)
        counter.waitBeyond(seen, 100);
      expect(counter.answers).toBe(2);
    } finally {
      await Promise.all(threads.map((thread) => thread.close()));
    }
  });

  test('a thread that fails or exits is reported once, never thrown; close is safe twice', async () => {
    for (const [request, message] of [
      [{ fail: true }, /asked to fail/],
      [{ exit: 3 }, /the thread stopped \(exit code 3\)/],
    ] as const) {
      const thread = startThread<Echo>(ECHO)!;
      const ended = new Promise<Error>((resolve) => thread.onEnd(resolve));
      thread.keepAlive(true);
      thread.post(request);
      expect((await ended).message).toMatch(message);
      await thread.close();
      await thread.close();
    }
  });

  test('data that cannot be sent to a thread: no thread, undefined', () => {
    expect(startThread(ECHO, { data: { f: () => 1 } })).toBeUndefined();
  });
});
