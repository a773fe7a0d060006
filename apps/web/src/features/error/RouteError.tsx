import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadForFailedChunk } from '../../app/chunk-reload.ts';
import { reportError } from '../services/errors.ts';
import { ErrorView } from './ErrorView.tsx';

interface State {
  error: unknown;
}

/** Errors thrown while rendering a page: the generic error page (default status 500). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadForFailedChunk()) return;
    reportError(error, 'boundary');
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : undefined;
    return <ErrorView status={500} message={message} />;
  }
}
