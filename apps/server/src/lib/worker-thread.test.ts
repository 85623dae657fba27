import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { fixtureTask, type FixtureInput } from './worker-thread.fixture.ts';
import { WorkerThread } from './worker-thread.ts';

const threadOf = () =>
  new WorkerThread<FixtureInput, number>(new URL('./worker-thread.fixture.ts', import.meta.url), fixtureTask);

describe('WorkerThread', () => {
  it('runs a task on another thread, its chunks in order before its result', async () => {
    const thread = threadOf();
    expect(await thread.running()).toBe(true);
    const chunks: number[] = [];
    const ranOn = await thread.run({ op: 'chunks', count: 50 }, { onChunk: (c) => chunks.push(c[0]!) });
    expect(ranOn).not.toBe(threadId);
    expect(chunks).toEqual(Array.from({ length: 50 }, (_, i) => i));
  }, 30_000);

  it('stops the task on its thread when the call is cancelled, and rejects with the reason at once', async () => {
    const thread = threadOf();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    const run = thread.run({ op: 'waitForCancel', flag }, { signal: controller.signal });
    await thread.running();
    controller.abort(new Error('not wanted'));
    await expect(run).rejects.toThrow('not wanted');
    // The task itself saw the signal, on its thread.
    expect(Atomics.wait(flag, 0, 0, 10_000)).not.toBe('timed-out');
    expect(flag[0]).toBe(1);
    // The thread goes on serving.
    expect(await thread.run({ op: 'chunks', count: 1 })).not.toBe(threadId);
  }, 30_000);

  it("answers a task's failure as an error, and a thread that died with an error and a new thread", async () => {
    const thread = threadOf();
    await expect(thread.run({ op: 'fail' })).rejects.toThrow('the task failed');
    await expect(thread.run({ op: 'die' })).rejects.toThrow('exit 3');
    const chunks: number[] = [];
    expect(await thread.run({ op: 'chunks', count: 2 }, { onChunk: (c) => chunks.push(c[1]!) })).not.toBe(
      threadId,
    );
    expect(chunks).toEqual([0, 1]);
  }, 30_000);

  it('runs the task in place where the thread cannot start', async () => {
    const thread = new WorkerThread<FixtureInput, number>(
      new URL('./no-such-worker.js', import.meta.url),
      fixtureTask,
    );
    expect(await thread.running()).toBe(false);
    const chunks: number[] = [];
    expect(await thread.run({ op: 'chunks', count: 3 }, { onChunk: (c) => chunks.push(c[0]!) })).toBe(
      threadId,
    );
    expect(chunks).toEqual([0, 1, 2]);
  });
});
