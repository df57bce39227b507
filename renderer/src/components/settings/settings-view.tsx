/**
 * Settings → Storage, in the main pane: how big the archive is against its budget, the budget
 * itself, an eviction preview and run, the ledger, and every data-loss event (in red).
 */
import { useEffect, useRef, useState } from 'react';
import type { RetentionPatch } from '../../../../shared/retention';
import { bytes, dateTime, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { ErrorState, LoadingState } from '../states';
import { useTitles } from './conversation-ref';
import { DataLossAlert } from './data-loss-alert';
import { EvictionPanel } from './eviction-panel';
import { IntegrityLine } from './integrity-line';
import { LedgerTable } from './ledger-table';
import { MergeArchive } from './merge-archive';
import { SpaceByPlace } from './space-by-place';
import { AgentCensusPanel } from './agent-census';
import { RedactionSettings } from './redaction-settings';
import { RetentionForm } from './retention-form';
import { StorageBar } from './storage-bar';
import './settings.css';

export function SettingsView({ onClose, onOpen }: { onClose: () => void; onOpen: (id: string) => void }): React.JSX.Element {
  const retention = useChannel('dejavu:retention', {});
  const r = retention.data;
  const known = useTitles(Boolean(r && (r.recent.length || r.dataLoss.length || r.ledger.stage1 + r.ledger.stage2 > 0)));
  const heading = useRef<HTMLHeadingElement>(null);
  // What the budget form says now, saved or not: the preview plans with it.
  const [draft, setDraft] = useState<RetentionPatch | undefined>({});
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="settings" aria-labelledby="settings-title" data-testid="settings-view">
      <header className="settings-header">
        <h1 id="settings-title" tabIndex={-1} ref={heading}>
          Storage
        </h1>
        <button type="button" className="btn btn-quiet" onClick={onClose} aria-label="Close settings" title="Close (Esc)">
          ✕
        </button>
      </header>
      <div className="settings-body">
        {retention.error ? (
          <ErrorState title="Retention settings could not be read" error={retention.error} />
        ) : !r ? (
          <LoadingState label="Reading the storage budget…" />
        ) : (
          <>
            <DataLossAlert events={r.dataLoss} known={known} onOpen={onOpen} />
            <section className="settings-section" aria-labelledby="usage-title">
              <h2 id="usage-title">Archive size</h2>
              <StorageBar used={r.archiveBytes} soft={r.settings.softCapBytes} hard={r.settings.hardCapBytes} />
              <dl className="stage-counts" aria-label="Conversations by retention stage">
                <Count label="whole" n={r.stages.whole} />
                <Count label="trimmed (raw bulk dropped)" n={r.stages.stage1} />
                <Count label="digest only" n={r.stages.stage2} />
                <Count label="lost" n={r.stages.lost} danger={r.stages.lost > 0} />
                <Count label="pinned" n={r.pinned} />
                {r.unanalyzed ? <Count label="without a digest yet" n={r.unanalyzed} /> : null}
              </dl>
              <p className={`settings-note ${r.digestCapExceeded ? 'warn-text' : ''}`}>
                Digests: {bytes(r.digestBytes)} of a {bytes(r.settings.digestCapBytes)} cap{r.digestCapExceeded ? ' — over the cap (digests are never dropped automatically)' : ''}.
                {r.lastRunAt ? ` Last eviction sweep ${dateTime(r.lastRunAt)}.` : ' No eviction sweep has run yet.'}
              </p>
              <IntegrityLine />
            </section>
            <SpaceByPlace />
            <AgentCensusPanel />
            <RedactionSettings />
            <section className="settings-section" aria-labelledby="budget-title">
              <h2 id="budget-title">Budget</h2>
              <RetentionForm settings={r.settings} defaults={r.defaults} onDraft={setDraft} />
            </section>
            <section className="settings-section" aria-labelledby="evict-title">
              <h2 id="evict-title">Eviction</h2>
              <p className="settings-note">Eviction degrades the oldest conversations first; every prompt you typed is always kept. Pin a conversation to keep it whole.</p>
              <EvictionPanel known={known} onOpen={onOpen} draft={draft} />
            </section>
            <section className="settings-section" aria-labelledby="ledger-title">
              <h2 id="ledger-title">Ledger</h2>
              <LedgerTable totals={r.ledger} entries={r.recent} known={known} onOpen={onOpen} />
            </section>
            <MergeArchive />
          </>
        )}
      </div>
    </section>
  );
}

function Count({ label, n, danger }: { label: string; n: number; danger?: boolean }): React.JSX.Element {
  return (
    <div className={`stage-count ${danger ? 'danger-text' : ''}`}>
      <dt>{label}</dt>
      <dd>{num(n)}</dd>
    </div>
  );
}

