/** Loading, empty and error states: the app is never a blank page. */
import type { ReactNode } from 'react';
import './states.css';

export function LoadingState({ label = 'Loading…' }: { label?: string }): React.JSX.Element {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ title, error, children }: { title: string; error: unknown; children?: ReactNode }): React.JSX.Element {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state state-error" role="alert">
      <div className="state-icon" aria-hidden="true">
        !
      </div>
      <h2>{title}</h2>
      <p className="state-detail">{message}</p>
      {children}
    </div>
  );
}

export function EmptyState({ title, children, icon = '∅' }: { title: string; children?: ReactNode; icon?: string }): React.JSX.Element {
  return (
    <div className="state state-empty">
      <div className="state-icon" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
