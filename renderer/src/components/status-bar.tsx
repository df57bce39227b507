/** Archive totals, the last sync, a Sync button and its progress. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AppStatus, ContractEvents } from '../../../shared/contract';
import { ago, bytes, num } from '../lib/format';
import { call, transport } from '../transport';

type Progress = ContractEvents['dejavu:sync-progress'];

export function StatusBar({ status }: { status: AppStatus | undefined }): React.JSX.Element {
  const client = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [, tick] = useState(0);
  useEffect(() => {
    const off = transport.subscribe('dejavu:sync-progress', (p: Progress) => {
      if ('finished' in p) setProgress(undefined);
      else setProgress({ done: p.done, total: p.total });
    });
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => {
      off();
      clearInterval(timer);
    };
  }, []);
  const syncing = progress !== undefined || status?.syncing === true;
  const sync = async () => {
    setError(undefined);
    setProgress({ done: 0, total: 0 });
    try {
      await call('dejavu:sync', {});
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(undefined);
      void client.invalidateQueries({ queryKey: ['dejavu:status'] });
    }
  };
  const s = status?.stats;
  const last = status?.lastSync;
  const pct = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : undefined;
  return (
    <footer className="status-bar" aria-label="Archive status">
      <span className="status-stats">
        {s ? (
          <>
            <strong>{num(s.conversations)}</strong> conversations · {num(s.messages)} messages · {num(s.prompts)} prompts
            {s.sourceDeleted ? <> · {num(s.sourceDeleted)} source deleted</> : null}
            {s.blobBytes ? <> · {bytes(s.blobBytes)} attachments</> : null}
          </>
        ) : (
          'Reading archive…'
        )}
      </span>
      <span className="status-spacer" />
      {error ? (
        <span className="status-error" role="alert">
          Sync failed: {error}
        </span>
      ) : null}
      <span className="status-sync" role="status" aria-live="polite">
        {syncing ? (
          <>
            <span className="progress" aria-hidden="true">
              <span className={`progress-bar ${pct === undefined ? 'indeterminate' : ''}`} style={pct === undefined ? undefined : { width: `${pct}%` }} />
            </span>
            Syncing{progress && progress.total ? ` ${num(progress.done)} / ${num(progress.total)}` : '…'}
          </>
        ) : last ? (
          <span title={new Date(last.at).toLocaleString()}>
            Synced {last.folder ? `${last.folder} ` : ''}
            {ago(last.at)}
            {last.outcome.created || last.outcome.updated ? ` · ${last.outcome.created} new, ${last.outcome.updated} updated` : ''}
            {last.outcome.errors.length ? ` · ${last.outcome.errors.length} unreadable` : ''}
          </span>
        ) : (
          'Not synced in this session'
        )}
      </span>
      <button type="button" className="btn btn-small" onClick={() => void sync()} disabled={syncing}>
        Sync
      </button>
    </footer>
  );
}
