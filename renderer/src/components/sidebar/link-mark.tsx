/** Before a linked conversation's title in the tree: ↳ for a subagent, the relation's word for a fork or a continuation. */
import { RELATION_MARK } from '../../../../shared/parent-link';
import type { ConversationRelation } from '../../../../shared/record';

export function LinkMark({ relation }: { relation: ConversationRelation }): React.JSX.Element {
  const mark = RELATION_MARK[relation];
  return (
    <span className="conv-sub" data-relation={relation} title={mark.title}>
      ↳{relation === 'subagent' ? '' : ` ${mark.word}`}{' '}
    </span>
  );
}
