/** What retention dropped from this conversation, when and why, and what is kept. Never silent. */
import type { ArchivedSummary } from '../../../../shared/views';
import { dateTime } from '../../lib/format';
import { useChannel } from '../../lib/queries';
import { bannerText, entryFor } from '../../lib/retention-text';

export function RetentionBanner({ summary }: { summary: ArchivedSummary }): React.JSX.Element | null {
  const stage = summary.retentionStage;
  // The ledger says when and why (its recent entries and every data-loss event).
  const retention = useChannel('dejavu:retention', {}, { enabled: stage !== undefined });
  if (!stage) return null;
  const entries = retention.data ? [...retention.data.recent, ...retention.data.dataLoss] : undefined;
  const { title, body } = bannerText(stage, entryFor(entries, summary.id, stage), dateTime);
  return (
    <div className={`banner banner-retention banner-retention-${stage}`} role="note" data-testid="retention-banner" data-stage={stage}>
      <span aria-hidden="true">{stage === 3 ? '⚠ ' : '▤ '}</span>
      <strong>{title}</strong> {body}
    </div>
  );
}
