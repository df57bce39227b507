/** The retention picture for `dejavu stats` and the app: settings, stages, ledger, losses. */
import type { RetentionView } from '../../../shared/retention';
import type { IndexDb } from '../archive/db';
import { archiveDiskBytes } from '../archive/disk-usage';
import { digestBytes, EFFECTIVE_STAGE } from './digest-store';
import { dataLossEntries, ledgerTotals, recentEntries } from './ledger';
import { DEFAULT_SETTINGS, lastRunAt, readSettings } from './settings';

export function retentionView(root: string, db: IndexDb, recent = 50): RetentionView {
  const settings = readSettings(db);
  const counts = db
    .prepare(
      `SELECT COALESCE(SUM(stage = 0), 0) AS whole, COALESCE(SUM(stage = 1), 0) AS stage1, COALESCE(SUM(stage = 2), 0) AS stage2,
         COALESCE(SUM(stage = 3), 0) AS lost, COALESCE(SUM(pinned), 0) AS pinned, COALESCE(SUM(analyzed = 0 AND stage < 3), 0) AS unanalyzed
       FROM (SELECT ${EFFECTIVE_STAGE} AS stage, c.pinned, COALESCE(d.revision = c.revision, 0) AS analyzed
             FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id)`,
    )
    .get() as { whole: number; stage1: number; stage2: number; lost: number; pinned: number; unanalyzed: number };
  const digests = digestBytes(db);
  const view: RetentionView = {
    settings,
    defaults: DEFAULT_SETTINGS,
    archiveBytes: archiveDiskBytes(root),
    digestBytes: digests,
    digestCapExceeded: digests > settings.digestCapBytes,
    stages: { whole: counts.whole, stage1: counts.stage1, stage2: counts.stage2, lost: counts.lost },
    pinned: counts.pinned,
    unanalyzed: counts.unanalyzed,
    ledger: ledgerTotals(db),
    recent: recentEntries(db, recent),
    dataLoss: dataLossEntries(db),
    lastRunAt: lastRunAt(db),
  };
  if (view.lastRunAt === undefined) delete (view as { lastRunAt?: string }).lastRunAt;
  return view;
}
