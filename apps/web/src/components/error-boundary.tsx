import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GenericErrorScreen } from './generic-error-screen.tsx';

interface Props {
  children: ReactNode;
  /** A change (e.g. the location) clears a caught error. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Catches render errors below it and shows the SPEC §8 generic error screen with Try again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <GenericErrorScreen onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
