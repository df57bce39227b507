/**
 * The per-file view: every archived conversation whose tool calls touched one file, newest
 * first, each with its edits of the file as diffs and a way into the thread at each edit.
 */
import { useEffect, useRef } from 'react';
import type { FileTouchEntry } from '../../../../shared/files';
import { displayTitle } from '../../../../shared/title';
import { agentLabel, dateTime } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { DiffView } from '../diff-view';
import { ErrorState, LoadingState } from '../states';
import '../insights/insights.css';

export function FileHistoryView({ path, onClose, onOpen }: { path: string; onClose: () => void; onOpen: (id: string, message?: number) => void }): React.JSX.Element {
  const files = useChannel('dejavu:files', { path });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [path]);
  const entries = files.data?.entries ?? [];
  return (
    <section className="insight" aria-labelledby="file-title" data-testid="file-history">
      <header className="insight-header">
        <h1 id="file-title" tabIndex={-1} ref={heading}>
          <code className="md-code">{path}</code>
        </h1>
        <button type="button" className="btn btn-quiet" onClick={onClose} aria-label="Close the file’s history" title="Close">
          ✕
        </button>
      </header>
      {files.error ? (
        <ErrorState title="The file’s history could not be read" error={files.error} />
      ) : !files.data ? (
        <LoadingState label="Finding the conversations that touched it…" />
      ) : entries.length === 0 ? (
        <p className="insight-empty">No archived conversation touched this file.</p>
      ) : (
        <>
          <p className="insight-count">
            {entries.length} conversation{entries.length === 1 ? '' : 's'} touched it
          </p>
          <ol className="file-history" aria-label="Conversations that touched the file">
            {entries.map((e) => (
              <Entry key={e.conversationId} entry={e} onOpen={onOpen} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Entry({ entry: e, onOpen }: { entry: FileTouchEntry; onOpen: (id: string, message?: number) => void }): React.JSX.Element {
  return (
    <li data-conversation-id={e.conversationId}>
      <button type="button" className="insight-open" onClick={() => onOpen(e.conversationId, e.diffs?.[0]?.messageIndex)}>
        <strong>{displayTitle({ title: e.title, nativeId: e.conversationId })}</strong>
        <span className="insight-meta">
          <span className={`agent-badge agent-${e.agent}`}>{agentLabel(e.agent)}</span> {e.workspace}
          {e.startedAt ? ` · ${dateTime(e.startedAt)}` : ''} · {e.actions.join(', ')} · {e.calls} call{e.calls === 1 ? '' : 's'}
        </span>
      </button>
      {e.diffs?.map((d, i) => (
        <div key={i} className="file-edit">
          <button type="button" className="btn btn-small" onClick={() => onOpen(e.conversationId, d.messageIndex)}>
            {d.tool}
            {d.timestamp ? ` · ${dateTime(d.timestamp)}` : ''} — open here
          </button>
          <DiffView file={d.diff} />
        </div>
      ))}
    </li>
  );
}
