/**
 * The latest failure of work main ran on its own, as one short sentence in the status bar, with
 * the earlier ones a click away and a way to dismiss them. Messages may quote transcript
 * content (a file name, a line): they are text, never markup.
 */
import { useState } from 'react';
import type { BackgroundFailure } from '../../lib/use-background-failures';

function sentence(f: BackgroundFailure): string {
  return `${f.task.charAt(0).toUpperCase()}${f.task.slice(1)} failed: ${f.message}`;
}

export function FailureNotice({ failures, onDismiss }: { failures: readonly BackgroundFailure[]; onDismiss: () => void }): React.JSX.Element | null {
  const [open, setOpen] = useState(false);
  if (failures.length === 0) return null;
  const [latest, ...earlier] = failures;
  return (
    <span className="status-failure">
      <span className="status-error status-failure-text" role="alert" title={sentence(latest)}>
        {sentence(latest)}
      </span>
      {earlier.length ? (
        <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide earlier' : `${earlier.length} earlier`}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          setOpen(false);
          onDismiss();
        }}
      >
        Dismiss
      </button>
      {open ? (
        <ul className="status-failures" aria-label="Earlier background failures">
          {earlier.map((f, i) => (
            <li key={`${f.at}-${i}`}>
              <time dateTime={f.at}>{new Date(f.at).toLocaleTimeString()}</time> {sentence(f)}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
