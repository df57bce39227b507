/** Small text shapes the MCP tools share: one line per conversation, tool results, errors. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_LABELS } from '../../shared/agents';
import { linkedRelation, RELATION_OF } from '../../shared/parent-link';
import type { ArchivedSummary } from '../../shared/views';
import type { ArchiveReader } from '../core/use-cases/open-archive';
import { outgoingText, redactsFor } from '../core/use-cases/redaction';
import { AmbiguousIdError, ConversationNotFoundError } from '../core/use-cases/show';

/** `id · Agent · workspace · 2026-01-31 14:05 · 120 messages (8 prompts) · "title"` */
export function summaryLine(s: ArchivedSummary): string {
  const when = s.startedAt ? s.startedAt.replace('T', ' ').slice(0, 16) : 'undated';
  const title = (s.title ?? '(untitled)').replace(/\s+/g, ' ').trim();
  const parts = [
    s.id,
    AGENT_LABELS[s.agent] ?? s.agent,
    `workspace ${s.workspace}${s.instance !== 'host' ? ` @${s.instance}` : ''}`,
    when,
    `${s.messageCount} messages (${s.promptCount} prompts)`,
    `"${title.length > 120 ? `${title.slice(0, 119)}…` : title}"`,
  ];
  const relation = linkedRelation(s);
  if (relation) parts.push(`${RELATION_OF[relation].toLowerCase()} ${s.parentId}`);
  if (s.sourceDeleted) parts.push('source deleted (archive is the only copy)');
  return parts.join(' · ');
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/**
 * Runs a tool body and sends its answer with secrets masked (unless the `redactExports` setting
 * is off): snippets, digests and titles leave the app here. A conversation that is not there (or an id that is ambiguous) comes back as
 * a tool error the model can act on, never as a protocol failure.
 */
export function guarded(reader: ArchiveReader, body: (redact: boolean) => string): CallToolResult {
  try {
    const redact = redactsFor(reader);
    return textResult(outgoingText(body(redact), redact));
  } catch (err) {
    if (err instanceof ConversationNotFoundError || err instanceof AmbiguousIdError) {
      return { isError: true, content: [{ type: 'text', text: `${err.message}. Find ids with list_conversations or search_conversations.` }] };
    }
    return { isError: true, content: [{ type: 'text', text: `dejavu: ${(err as Error).message ?? String(err)}` }] };
  }
}
