/**
 * What `get_digest` shows: a conversation in one screen (summary, counts, first prompt, last
 * answer, every typed prompt). Computed from the archived record; the one place that will read a
 * stored digest instead once the archive keeps them, so the tool does not change.
 */
import { AGENT_LABELS } from '../../shared/agents';
import type { Conversation, Message } from '../../shared/record';
import type { ArchivedSummary } from '../../shared/views';
import type { ArchiveReader } from '../core/archive/archive-reader';

export interface DigestPrompt {
  /** The message index, for read_conversation's `from`. */
  readonly index: number;
  readonly text: string;
}

export interface DigestView {
  readonly summary: ArchivedSummary;
  readonly counts: {
    readonly messages: number;
    readonly prompts: number;
    readonly answers: number;
    readonly toolCalls: number;
    readonly toolErrors: number;
  };
  readonly firstPrompt?: DigestPrompt;
  readonly lastAnswer?: DigestPrompt;
  /** Every prompt the person typed, in order. */
  readonly prompts: readonly DigestPrompt[];
  /** Where it came from: computed now from the record (stored digests are not kept yet). */
  readonly source: 'computed';
}

/** The digest of one conversation (id or unique prefix); throws ConversationNotFoundError. */
export function digestView(reader: ArchiveReader, id: string): DigestView {
  const summary = reader.summary(id);
  return computeDigest(summary, reader.get(summary.id));
}

export function computeDigest(summary: ArchivedSummary, c: Conversation): DigestView {
  let answers = 0;
  let toolCalls = 0;
  let toolErrors = 0;
  const prompts: DigestPrompt[] = [];
  let lastAnswer: DigestPrompt | undefined;
  c.messages.forEach((m, index) => {
    for (const p of m.parts) {
      if (p.type === 'tool_call') toolCalls += 1;
      if (p.type === 'tool_call_response' && p.isError) toolErrors += 1;
    }
    const text = messageText(m);
    if (m.role === 'user') prompts.push({ index, text });
    if (m.role === 'assistant' && text) {
      answers += 1;
      lastAnswer = { index, text };
    }
  });
  return {
    summary,
    counts: { messages: c.messages.length, prompts: prompts.length, answers, toolCalls, toolErrors },
    ...(prompts[0] ? { firstPrompt: prompts[0] } : {}),
    ...(lastAnswer ? { lastAnswer } : {}),
    prompts,
    source: 'computed',
  };
}

/** The text a person wrote or read in a message; attachments as a short mark. */
function messageText(m: Message): string {
  return m.parts
    .map((p) => (p.type === 'text' ? p.content.trim() : p.type === 'blob' ? `[${p.modality}: ${p.mimeType}]` : ''))
    .filter(Boolean)
    .join('\n\n');
}

export interface DigestMarkdownOptions {
  /** Budget for all prompts together; each is cut evenly to fit (never below 160 characters). */
  readonly promptChars?: number;
  /** Cut the first prompt and the last answer at this many characters. */
  readonly endsChars?: number;
}

/** The digest as Markdown for a model to read; every cut says how to read the whole. */
export function digestMarkdown(d: DigestView, options: DigestMarkdownOptions = {}): string {
  const s = d.summary;
  const endsChars = options.endsChars ?? 2_000;
  const perPrompt = Math.max(160, Math.floor((options.promptChars ?? 24_000) / Math.max(1, d.prompts.length)));
  const out: string[] = [`# ${oneLine(s.title ?? s.nativeId)}`, ''];
  const facts: [string, string | undefined][] = [
    ['Conversation', s.id],
    ['Agent', `${AGENT_LABELS[s.agent] ?? s.agent}${s.agentVersion ? ` ${s.agentVersion}` : ''}`],
    ['Workspace', `${s.workspace}${s.instance !== 'host' ? ` (instance ${s.instance})` : ''}`],
    ['Directory', s.cwd],
    ['Branch', s.gitBranch],
    ['Started', s.startedAt],
    ['Ended', s.endedAt],
    ['Models', s.models.join(', ') || undefined],
    ['Parent conversation', s.parentId],
    ['Source', s.sourceDeleted ? `${s.sourcePath} (deleted; the archive is the only copy)` : s.sourcePath],
  ];
  for (const [k, v] of facts) if (v) out.push(`- **${k}:** ${v}`);
  const c = d.counts;
  out.push(
    `- **Counts:** ${c.messages} messages, ${c.prompts} typed prompts, ${c.answers} answers, ${c.toolCalls} tool calls${c.toolErrors ? ` (${c.toolErrors} failed)` : ''}`,
  );
  if (s.usage) {
    const u = s.usage;
    const tokens = [u.inputTokens && `${u.inputTokens} in`, u.outputTokens && `${u.outputTokens} out`, u.cacheReadTokens && `${u.cacheReadTokens} cache read`].filter(Boolean);
    if (tokens.length) out.push(`- **Tokens:** ${tokens.join(', ')}`);
  }
  out.push('', '_Computed from the archived record._', '');
  if (d.firstPrompt) out.push(`## First prompt [${d.firstPrompt.index}]`, '', quote(cut(d.firstPrompt, endsChars)), '');
  if (d.lastAnswer) out.push(`## Last answer [${d.lastAnswer.index}]`, '', quote(cut(d.lastAnswer, endsChars)), '');
  out.push(`## Every typed prompt (${d.prompts.length})`, '');
  if (d.prompts.length === 0) out.push('_None: nobody typed in this conversation (a subagent, or context only)._');
  for (const p of d.prompts) out.push(`- [${p.index}] ${oneLine(cut(p, perPrompt))}`);
  return `${out.join('\n').trimEnd()}\n`;
}

/** The text, or its start and a note naming the message that holds the rest. */
function cut(p: DigestPrompt, max: number): string {
  if (p.text.length <= max) return p.text || '(empty)';
  return `${p.text.slice(0, max)}… (${p.text.length - max} more characters: read_conversation from=${p.index} limit=1)`;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
