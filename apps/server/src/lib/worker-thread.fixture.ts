import { threadId } from 'node:worker_threads';
import { serveThread, type ThreadTask } from './worker-thread.ts';

/** The task worker-thread.test.ts runs on a thread (and in place): each `op` one behaviour of a thread's task. */
export type FixtureInput =
  | { op: 'chunks'; count: number }
  | { op: 'waitForCancel'; flag: Int32Array }
  | { op: 'fail' }
  | { op: 'die' };

export const fixtureTask: ThreadTask<FixtureInput, number> = async (input, emit, signal) => {
  switch (input.op) {
    case 'chunks':
      for (let i = 0; i < input.count; i++) emit(new Uint8Array([i, i]));
      return threadId;
    case 'waitForCancel':
      while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
      Atomics.store(input.flag, 0, 1);
      Atomics.notify(input.flag, 0);
      throw signal.reason;
    case 'fail':
      throw new Error('the task failed');
    case 'die':
      process.exit(3);
  }
};

serveThread(fixtureTask);
