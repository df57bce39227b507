/** The exports' header line for the conversation this one came from: "Subagent of", "Forked from" or "Continues", and its id. */
import { parentLinkOf, RELATION_OF } from '../../../shared/parent-link';
import type { FarConversation } from '../../../shared/far-record';

export function parentFact(c: FarConversation): [string, string][] {
  const link = parentLinkOf(c);
  return link ? [[RELATION_OF[link.relation], link.id]] : [];
}
