/** Shows what happened and how to recover, instead of a blank window. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './boundary.css';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="boundary" role="alert">
      <h1>{t('boundary.title')}</h1>
      <p>{t('boundary.body')}</p>
      <div className="row gap">
        <button type="button" className="button primary" onClick={onRetry}>
          {t('boundary.retry')}
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('boundary.reload')}
        </button>
      </div>
      <details>
        <summary>{t('boundary.details')}</summary>
        <pre>{`${error.name}: ${error.message}`}</pre>
      </details>
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Kikitori window error', error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return (
        <Fallback error={this.state.error} onRetry={() => this.setState({ error: undefined })} />
      );
    return this.props.children;
  }
}
