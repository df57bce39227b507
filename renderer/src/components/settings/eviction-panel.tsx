/** Preview an eviction sweep (what would go, by stage, with bytes), or run one after a confirmation. */
import { useState } from 'react';
import { freedSummary } from '../../../../shared/eviction-text';
import type { EvictionReport, EvictionStep, LedgerAction, RetentionPatch } from '../../../../shared/retention';
import type { ArchivedSummary } from '../../../../shared/views';
import { bytes, num } from '../../lib/format';
import { actionLabel, reasonLabel } from '../../lib/retention-text';
import { useWrite } from '../../lib/queries';
import { ConversationRef } from './conversation-ref';

const ACTIONS: readonly LedgerAction[] = ['stage-1', 'stage-2', 'data-loss'];

/**
 * `draft`: the budget form's values over the saved ones (empty: none changed; undefined: the
 * form has an error). The preview plans with them; Evict now uses only the saved settings.
 */
export function EvictionPanel({ known, onOpen, draft }: { known: ReadonlyMap<string, ArchivedSummary>; onOpen: (id: string) => void; draft: RetentionPatch | undefined }): React.JSX.Element {
  const [confirming, setConfirming] = useState(false);
  const preview = useWrite('dejavu:evict');
  const unsaved = Boolean(draft && Object.keys(draft).length);
  const run = useWrite('dejavu:evict', { onSuccess: () => preview.reset() });
  const busy = preview.isPending || run.isPending;
  return (
    <div className="eviction">
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            run.reset();
            if (draft) preview.mutate(Object.keys(draft).length ? { dryRun: true, overrides: draft } : { dryRun: true });
          }}
          disabled={busy || !draft}
          title={draft ? undefined : 'Correct the budget form to preview with its values'}
        >
          {preview.isPending ? 'Planning…' : 'Preview eviction'}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)} disabled={busy || confirming}>
          {run.isPending ? 'Evicting…' : 'Evict now'}
        </button>
      </div>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Evict now?" aria-describedby="evict-confirm-text">
          <p id="evict-confirm-text">
            Evict now with the saved settings? The oldest conversations lose their raw bulk, or keep only their digest, until the archive fits. This cannot be undone; pinned
            conversations are not touched.
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-danger"
              autoFocus
              onClick={() => {
                setConfirming(false);
                run.mutate({ dryRun: false });
              }}
            >
              Evict
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <p className="settings-note">
        {unsaved ? 'The preview uses the values in the form above, not saved yet; Evict now uses the saved ones.' : 'The preview uses the saved budget, as Evict now does.'}
      </p>
      {preview.error ? <p className="danger-text">Preview failed: {preview.error.message}</p> : null}
      {run.error ? <p className="danger-text" role="alert">Eviction failed: {run.error.message}</p> : null}
      {preview.data ? <Report report={preview.data} known={known} onOpen={onOpen} unsaved={preview.variables?.overrides !== undefined} /> : null}
      {run.data ? <Report report={run.data} known={known} onOpen={onOpen} /> : null}
    </div>
  );
}

function Report({ report: r, known, onOpen, unsaved }: { report: EvictionReport; known: ReadonlyMap<string, ArchivedSummary>; onOpen: (id: string) => void; unsaved?: boolean }): React.JSX.Element {
  const groups = ACTIONS.map((a) => ({ action: a, steps: r.steps.filter((s) => s.action === a) })).filter((g) => g.steps.length);
  return (
    <section className="eviction-report" aria-label={r.dryRun ? 'Eviction preview' : 'Eviction done'} data-testid={r.dryRun ? 'eviction-preview' : 'eviction-result'}>
      <p>
        <strong>{r.dryRun ? (unsaved ? 'Preview with the unsaved values:' : 'Preview:') : 'Done:'}</strong> {bytes(r.archiveBytesBefore)} → {bytes(r.archiveBytesAfter)}
        {r.dryRun ? ' (estimated)' : ''}
        {r.steps.length ? ` · ${freedSummary(r, bytes)}` : ''}
        {r.steps.length === 0 ? ` · nothing ${r.dryRun ? 'would go' : 'had to go'}: the archive fits its budget.` : ''}
      </p>
      {r.dataLoss.length ? (
        <p className="danger-text" role="alert">
          Data loss: {r.dataLoss.length} unreadable conversation{r.dataLoss.length === 1 ? '' : 's'} {r.dryRun ? 'would be' : 'were'} dropped.
        </p>
      ) : null}
      {r.overHardCap ? <p className="warn-text">Still over the hard cap: what is left is pinned conversations, digests and the index.</p> : null}
      {r.digestCapExceeded ? <p className="warn-text">Digests are over their cap: they are never dropped; raise the cap, or unpin.</p> : null}
      {groups.map((g) => (
        <StepGroup key={g.action} action={g.action} steps={g.steps} known={known} onOpen={onOpen} />
      ))}
    </section>
  );
}

function StepGroup({ action, steps, known, onOpen }: { action: LedgerAction; steps: readonly EvictionStep[]; known: ReadonlyMap<string, ArchivedSummary>; onOpen: (id: string) => void }): React.JSX.Element {
  const total = steps.reduce((n, s) => n + s.bytesFreed, 0);
  return (
    <details className={`step-group step-${action}`} open={steps.length <= 12}>
      <summary>
        {actionLabel(action)}: {num(steps.length)} conversation{steps.length === 1 ? '' : 's'}, {bytes(total)}
      </summary>
      <ul aria-label={actionLabel(action)}>
        {steps.map((s) => (
          <li key={`${s.conversationId}:${s.action}`} data-step-action={s.action}>
            <ConversationRef id={s.conversationId} known={known} onOpen={onOpen} />
            <span className="faint">
              {' '}
              · {reasonLabel(s.reason)} · {bytes(s.bytesFreed)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
