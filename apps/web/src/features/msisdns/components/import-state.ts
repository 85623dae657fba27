import type { MsisdnImport } from '@lbs/contracts';

/**
 * The import dialog as a state machine: choose (company + file) → uploading → running (polling the job) →
 * completed | failed. A refused upload (bad file, missing columns) goes back to choose with the problem's code.
 */
export type ImportState =
  | { phase: 'choose'; error?: string }
  | { phase: 'uploading' }
  | { phase: 'running'; job: MsisdnImport }
  | { phase: 'completed'; job: MsisdnImport }
  | { phase: 'failed'; job: MsisdnImport };

export type ImportEvent =
  | { type: 'upload' }
  | { type: 'uploadFailed'; code: string }
  | { type: 'progress'; job: MsisdnImport }
  | { type: 'reset' };

export const initialImportState: ImportState = { phase: 'choose' };

function fromJob(job: MsisdnImport): ImportState {
  if (job.status === 'COMPLETED') return { phase: 'completed', job };
  if (job.status === 'FAILED') return { phase: 'failed', job };
  return { phase: 'running', job };
}

export function importReducer(state: ImportState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'upload':
      return state.phase === 'choose' ? { phase: 'uploading' } : state;
    case 'uploadFailed':
      return state.phase === 'uploading' ? { phase: 'choose', error: event.code } : state;
    case 'progress':
      // The upload's answer starts the job; later polls of the same job move it on, and never backwards.
      if (state.phase === 'uploading') return fromJob(event.job);
      if (
        state.phase !== 'running' ||
        event.job.id !== state.job.id ||
        event.job.processed < state.job.processed
      )
        return state;
      return fromJob(event.job);
    case 'reset':
      return initialImportState;
    default:
      return state;
  }
}

/** Percentage for the progress bar; an empty job that has finished is complete. */
export function importPercent(job: Pick<MsisdnImport, 'total' | 'processed' | 'status'>): number {
  if (job.total <= 0) return job.status === 'COMPLETED' || job.status === 'FAILED' ? 100 : 0;
  return Math.min(100, Math.round((job.processed / job.total) * 100));
}
