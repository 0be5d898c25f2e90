/** When rendering fails, the crash screen of the error catalogue replaces the broken part of the app. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorCatalogue } from '@/generated/errors';

interface State {
  failed: boolean;
}

export function CrashScreen() {
  const crash = errorCatalogue.CRASH_SCREEN;
  return (
    <div className="message-page" role="alert">
      <h1>{crash.title}</h1>
      <p>{crash.message}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The app crashed while rendering', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
