/** Small marks on a conversation wherever it is listed: pinned, still being written, degraded by retention. */
import type { ArchivedSummary } from '../../../shared/views';
import { stageShort, stageTitle } from '../lib/retention-text';
import './markers.css';

export const PIN_TOOLTIP = 'Pinned: eviction never touches this conversation, whatever the storage budget says.';

/** A drawn pin (no emoji font needed), in the current colour. */
export function PinGlyph({ className = 'pin-glyph' }: { className?: string }): React.JSX.Element {
  return (
    <svg className={className} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M10.3 1.3a1 1 0 0 1 1.4 0l3 3a1 1 0 0 1-.3 1.6l-2.2 1-2 2 .3 3a1 1 0 0 1-1.7.8L6.6 10.5 2.7 14.4a.6.6 0 0 1-.9-.9l3.9-3.9-2.2-2.2a1 1 0 0 1 .8-1.7l3 .3 2-2 1-2.2c.1-.2.1-.3.3-.5Z" />
    </svg>
  );
}

export function PinIcon(): React.JSX.Element {
  return (
    <span className="pin-icon" title={PIN_TOOLTIP} data-testid="pin-icon">
      <PinGlyph />
      <span className="sr-only">pinned</span>
    </span>
  );
}

/** A pulsing dot: a source of the conversation was written in the last couple of minutes. */
export function LiveDot({ withLabel = false }: { withLabel?: boolean }): React.JSX.Element {
  return (
    <span className="live" title="Live: the agent is still writing this conversation" data-testid="live-dot">
      <span className="live-dot" aria-hidden="true" />
      <span className={withLabel ? 'live-label' : 'sr-only'}>live</span>
    </span>
  );
}

export function RetentionChip({ stage }: { stage: NonNullable<ArchivedSummary['retentionStage']> }): React.JSX.Element {
  return (
    <span className={`retention-chip retention-stage-${stage}`} title={stageTitle(stage)} data-testid="retention-chip">
      {stageShort(stage)}
    </span>
  );
}

/** The marks a summary carries, in a fixed order. */
export function ConversationMarks({ c }: { c: ArchivedSummary }): React.JSX.Element | null {
  if (!c.pinned && !c.live && !c.retentionStage) return null;
  return (
    <>
      {c.live ? <LiveDot /> : null}
      {c.pinned ? <PinIcon /> : null}
      {c.retentionStage ? <RetentionChip stage={c.retentionStage} /> : null}
    </>
  );
}
