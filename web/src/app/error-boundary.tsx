import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '@/lib/i18n';

interface State {
  error: Error | null;
}

/** Catches a failed lazy chunk (or a render bug) and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="container page">
          <div className="empty">
            <h1 className="empty__title">{t('app.chunkError')}</h1>
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              {t('app.reload')}
            </button>
          </div>
        </div>
      );
    }
    return this.props.children;
  }
}
