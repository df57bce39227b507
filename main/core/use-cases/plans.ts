/** Plans: the plans agents made or followed, one per plan across every conversation. */
import type { PlanDocument, PlanOrigin, PlansAnswer } from '../../../shared/plans';
import type { ArchiveReader } from '../access/archive-reader';
import { findPlan, listPlans } from '../plans/plans-query';

export { planMarkdown } from '../plans/plan-markdown';

export interface PlansArgs {
  readonly text?: string;
  readonly workspace?: string;
  /** A conversation id or a unique prefix. */
  readonly conversation?: string;
  readonly origin?: PlanOrigin;
}

export function plansOf(reader: ArchiveReader, args: PlansArgs): PlansAnswer {
  return listPlans(reader.db, {
    text: args.text,
    workspace: args.workspace,
    conversationId: args.conversation !== undefined ? reader.resolveId(args.conversation) : undefined,
    origin: args.origin,
  });
}

/** One plan by id or unique prefix; a RangeError when the prefix names several. */
export function planOf(reader: ArchiveReader, id: string): PlanDocument | undefined {
  return findPlan(reader.db, id);
}
