import { describe, expect, it } from 'vitest';
import type { MsisdnImport } from '@lbs/contracts';
import { importPercent, importReducer, initialImportState, type ImportState } from './import-state.ts';

function job(patch: Partial<MsisdnImport> = {}): MsisdnImport {
  return {
    id: '6f1c2d0e-1b7a-4d8e-9c1f-0a2b3c4d5e6f',
    companyId: 1,
    fileName: 'staff.csv',
    format: 'CSV',
    status: 'QUEUED',
    total: 400,
    processed: 0,
    succeeded: 0,
    failed: 0,
    errors: [],
    createdAt: '2026-03-02T09:15:00.000Z',
    finishedAt: null,
    ...patch,
  };
}

describe('import state machine', () => {
  it('runs choose → uploading → running → completed on the job’s own progress', () => {
    let state: ImportState = importReducer(initialImportState, { type: 'upload' });
    expect(state).toEqual({ phase: 'uploading' });
    state = importReducer(state, { type: 'progress', job: job() });
    expect(state).toEqual({ phase: 'running', job: job() });
    state = importReducer(state, {
      type: 'progress',
      job: job({ status: 'RUNNING', processed: 200, succeeded: 199, failed: 1 }),
    });
    expect(state.phase).toBe('running');
    const done = job({ status: 'COMPLETED', processed: 400, succeeded: 398, failed: 2 });
    state = importReducer(state, { type: 'progress', job: done });
    expect(state).toEqual({ phase: 'completed', job: done });
  });

  it('ends in failed when the server gives the job up', () => {
    const running: ImportState = { phase: 'running', job: job({ status: 'RUNNING', processed: 200 }) };
    const failed = job({ status: 'FAILED', processed: 200 });
    expect(importReducer(running, { type: 'progress', job: failed })).toEqual({
      phase: 'failed',
      job: failed,
    });
  });

  it('goes straight to completed when the upload answers an already finished job', () => {
    const done = job({ status: 'COMPLETED', total: 0 });
    expect(importReducer({ phase: 'uploading' }, { type: 'progress', job: done })).toEqual({
      phase: 'completed',
      job: done,
    });
  });

  it('returns to choose with the problem code when the upload is refused', () => {
    expect(
      importReducer({ phase: 'uploading' }, { type: 'uploadFailed', code: 'import.missingColumns' }),
    ).toEqual({
      phase: 'choose',
      error: 'import.missingColumns',
    });
  });

  it('ignores stale polls, other jobs and events that do not belong to the phase', () => {
    const running: ImportState = { phase: 'running', job: job({ status: 'RUNNING', processed: 200 }) };
    expect(
      importReducer(running, { type: 'progress', job: job({ status: 'RUNNING', processed: 100 }) }),
    ).toBe(running);
    expect(
      importReducer(running, {
        type: 'progress',
        job: job({ id: 'other', status: 'COMPLETED', processed: 400 }),
      }),
    ).toBe(running);
    expect(importReducer(running, { type: 'upload' })).toBe(running);
    expect(importReducer(running, { type: 'uploadFailed', code: 'import.empty' })).toBe(running);
    expect(importReducer(initialImportState, { type: 'progress', job: job() })).toBe(initialImportState);
    const done: ImportState = { phase: 'completed', job: job({ status: 'COMPLETED', processed: 400 }) };
    expect(importReducer(done, { type: 'progress', job: job({ status: 'RUNNING', processed: 400 }) })).toBe(
      done,
    );
    expect(importReducer(done, { type: 'reset' })).toEqual(initialImportState);
  });

  it('computes the progress bar value', () => {
    expect(importPercent(job({ total: 400, processed: 0 }))).toBe(0);
    expect(importPercent(job({ total: 400, processed: 200 }))).toBe(50);
    expect(importPercent(job({ total: 3, processed: 1 }))).toBe(33);
    expect(importPercent(job({ total: 400, processed: 400, status: 'COMPLETED' }))).toBe(100);
    expect(importPercent(job({ total: 0, processed: 0, status: 'RUNNING' }))).toBe(0);
    expect(importPercent(job({ total: 0, processed: 0, status: 'COMPLETED' }))).toBe(100);
  });
});
