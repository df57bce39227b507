/** The retention picture for `dejavu stats` and the app: settings, stages, ledger, losses. */
import type { RetentionView } from '../../../shared/retention';
import type { ReadableIndex } from '../archive/db';
import { archiveDiskBytes } from '../archive/disk-usage';
import { digestBytes } from '../archive/index-store/read-digests';
import { dataLossEntries, ledgerTotals, recentEntries } from '../archive/index-store/read-ledger';
import { stageCounts } from '../archive/index-store/read-retention';
import { DEFAULT_SETTINGS, lastRunAt, readSettings } from './settings';

export function retentionView(root: string, db: ReadableIndex, recent = 50): RetentionView {
  const settings = readSettings(db);
  const counts = stageCounts(db);
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
