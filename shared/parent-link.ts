/**
 * How a conversation relates to the one it came from, and the words every surface uses for it
 * (the thread header, the parent's list of linked conversations, the Markdown export).
 */
import type { Conversation, ConversationRelation } from './record';

/** The conversation this one came from, and how. */
export interface ParentLink {
  readonly id: string;
  readonly relation: ConversationRelation;
}

/** Before the parent's name: "Subagent of X", "Forked from X", "Continues X". */
export const RELATION_OF: Record<ConversationRelation, string> = { subagent: 'Subagent of', fork: 'Forked from', continuation: 'Continues' };

/** Above the parent's list of them. */
export const CHILDREN_HEADING: Record<ConversationRelation, (count: number) => string> = {
  subagent: (n) => `${n} subagent conversation${n === 1 ? '' : 's'}`,
  fork: (n) => `${n} fork${n === 1 ? '' : 's'}`,
  continuation: (n) => `Continued in ${n === 1 ? 'a later conversation' : `${n} later conversations`}`,
};

/** The accessible name of the parent's list of them. */
export const CHILDREN_LIST: Record<ConversationRelation, string> = { subagent: 'Subagent conversations', fork: 'Forks', continuation: 'Continued in' };

/** A `parentId` without a relation was written before relations were: every such link was a subagent's. */
export function relationOf(c: Pick<Conversation, 'relation'>): ConversationRelation {
  return c.relation ?? 'subagent';
}

/**
 * The parent link: `parentId` with its relation, else a fork's link to the conversation it was
 * forked from (a `fork-point` message holding a `forked-from` part: a fork stays a conversation
 * of its own, not nested under its parent, so it has no `parentId`).
 */
export function parentLinkOf(c: Pick<Conversation, 'parentId' | 'relation' | 'messages'>): ParentLink | undefined {
  if (c.parentId !== undefined) return { id: c.parentId, relation: relationOf(c) };
  for (const m of c.messages) {
    if (m.kind !== 'fork-point') continue;
    for (const p of m.parts) if (p.type === 'generic' && p.kind === 'forked-from' && p.content) return { id: p.content, relation: 'fork' };
  }
  return undefined;
}
