import { useCallback, useMemo, useReducer } from 'react';

/** SPEC §4 info view: one loading flag, one message, one error. */
export interface InfoViewState {
  loading: boolean;
  message: string;
  error: string;
}

export type InfoViewAction =
  | { type: 'fetchStart' }
  | { type: 'fetchSuccess' }
  | { type: 'clear' }
  | { type: 'showMessage'; message: string }
  | { type: 'fetchError'; error: string };

export const initialInfoView: InfoViewState = { loading: false, message: '', error: '' };

export function infoViewReducer(state: InfoViewState, action: InfoViewAction): InfoViewState {
  switch (action.type) {
    case 'fetchStart':
      return { loading: true, message: '', error: '' };
    case 'fetchSuccess':
    case 'clear':
      return { loading: false, message: '', error: '' };
    case 'showMessage':
      return { loading: false, message: action.message, error: '' };
    case 'fetchError':
      return { loading: false, message: '', error: action.error };
    default:
      return state;
  }
}

export interface InfoView extends InfoViewState {
  fetchStart: () => void;
  fetchSuccess: () => void;
  clear: () => void;
  showMessage: (message: string) => void;
  fetchError: (error: string) => void;
}

export function useInfoView(): InfoView {
  const [state, dispatch] = useReducer(infoViewReducer, initialInfoView);
  const fetchStart = useCallback(() => dispatch({ type: 'fetchStart' }), []);
  const fetchSuccess = useCallback(() => dispatch({ type: 'fetchSuccess' }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const showMessage = useCallback((message: string) => dispatch({ type: 'showMessage', message }), []);
  const fetchError = useCallback((error: string) => dispatch({ type: 'fetchError', error }), []);
  return useMemo(
    () => ({ ...state, fetchStart, fetchSuccess, clear, showMessage, fetchError }),
    [state, fetchStart, fetchSuccess, clear, showMessage, fetchError],
  );
}
