/**
 * How a conversation relates to the one it came from, and the words every surface uses for it
 * (the thread header, the parent's list of linked conversations, the Markdown export).
 */
import type { FarConversation } from './far-record';
import { type Conversation, type ConversationRelation, CONVERSATION_RELATIONS } from './record';

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

/** Its mark beside a title in a list (the sidebar, `dejavu list`, usage), and what the mark means. */
export const RELATION_MARK: Record<ConversationRelation, { readonly word: string; readonly title: string }> = {
  subagent: { word: 'subagent', title: 'Subagent conversation' },
  fork: { word: 'fork', title: 'Forked from an earlier conversation' },
  continuation: { word: 'continues', title: 'Continues an earlier conversation' },
};

/** A parent's linked conversations counted by relation, for one line of a list: "2 subagents · continued in 1". */
export function childrenCountText(children: readonly Pick<Conversation, 'relation'>[]): string {
  const count = (relation: ConversationRelation) => children.filter((c) => relationOf(c) === relation).length;
  const words: Record<ConversationRelation, (n: number) => string> = {
    subagent: (n) => `${n} subagent${n === 1 ? '' : 's'}`,
    fork: (n) => `${n} fork${n === 1 ? '' : 's'}`,
    continuation: (n) => `continued in ${n}`,
  };
  return CONVERSATION_RELATIONS.filter((r) => count(r) > 0)
    .map((r) => words[r](count(r)))
    .join(' · ');
}

/** How it relates to its parent when it has one (a link without a relation is a subagent's), else undefined. */
export function linkedRelation(c: Pick<Conversation, 'parentId' | 'relation'>): ConversationRelation | undefined {
  return c.parentId === undefined ? undefined : relationOf(c);
}

/** A `parentId` without a relation was written before relations were: every such link was a subagent's. */
export function relationOf(c: Pick<Conversation, 'relation'>): ConversationRelation {
  return c.relation ?? 'subagent';
}

/**
 * The parent link: `parentId` with its relation, else a fork's link to the conversation it was
 * forked from (a `fork-point` message holding a `forked-from` part: a fork stays a conversation
 * of its own, not nested under its parent, so it has no `parentId`).
 */
export function parentLinkOf(c: Pick<FarConversation, 'parentId' | 'relation' | 'messages'>): ParentLink | undefined {
  if (c.parentId !== undefined) return { id: c.parentId, relation: relationOf(c) };
  for (const m of c.messages) {
    if (m.kind !== 'fork-point') continue;
    for (const p of m.parts) if (p.type === 'generic' && p.kind === 'forked-from' && p.content) return { id: p.content, relation: 'fork' };
  }
  return undefined;
}
