/** Usage: tokens and cost per day, week, month, agent, model or workspace. */
import type { UsageReport } from '../../../shared/usage';
import type { ArchiveReader } from '../access/archive-reader';
import { type UsageQuery, usageReport } from '../usage/usage-report';

export type { UsageQuery } from '../usage/usage-report';

/** A RangeError when `since` is not a day. */
export function usageOf(reader: ArchiveReader, query: UsageQuery): UsageReport {
  return usageReport(reader.db, query);
}
