/** What happened to the agent's own file: rewritten, deleted, or lines of it unreadable. */
import type { ConversationView } from '../../../../shared/contract';

export function SourceBanners({ view }: { view: ConversationView }): React.JSX.Element {
  return (
    <>
      {view.rewrites.length ? <RewriteBanner rewrites={view.rewrites} /> : null}
      {view.summary.sourceDeleted ? (
        <div className="banner banner-deleted" role="note">
          <span aria-hidden="true">⌫ </span>
          <strong>Source deleted.</strong> The agent’s own file is gone; this archived copy is all that is left.
        </div>
      ) : null}
      {view.warnings.length ? (
        <details className="banner banner-warn">
          <summary>
            {view.warnings.length} line{view.warnings.length === 1 ? '' : 's'} of the source could not be read
          </summary>
          <ul>
            {view.warnings.slice(0, 50).map((w, i) => (
              <li key={i}>
                {w.line !== undefined ? <span className="mono">line {w.line}: </span> : null}
                {w.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** The agent truncated, rewound or rewrote its file: say when, and that nothing was lost. */
function RewriteBanner({ rewrites }: { rewrites: ConversationView['rewrites'] }): React.JSX.Element {
  const kept = rewrites.reduce((n, r) => n + r.kept, 0);
  const last = rewrites[rewrites.length - 1];
  return (
    <div className="banner banner-rewrite" role="note" data-testid="rewrite-banner">
      <span aria-hidden="true">⟲ </span>
      <strong>
        The agent {last.how === 'shrank' ? 'cut' : 'rewrote'} its file{rewrites.length > 1 ? ` ${rewrites.length} times` : ''}
      </strong>{' '}
      (last noticed {new Date(last.at).toLocaleString()}). {kept} message{kept === 1 ? '' : 's'} it no longer holds {kept === 1 ? 'is' : 'are'} kept here,
      marked “earlier revision”.
    </div>
  );
}
