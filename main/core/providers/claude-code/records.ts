/**
 * The raw Claude Code JSONL record as JSON.parse returns it, plus the small readers the parser
 * uses. Fields are typed loosely (`unknown`) because every version adds or drops some; callers
 * check the type of what they read.
 */

export interface RawRecord {
  type?: unknown;
  subtype?: unknown;
  uuid?: unknown;
  parentUuid?: unknown;
  /** compact_boundary records have `parentUuid: null` and point back through this. */
  logicalParentUuid?: unknown;
  sessionId?: unknown;
  agentId?: unknown;
  cwd?: unknown;
  gitBranch?: unknown;
  version?: unknown;
  timestamp?: unknown;
  isSidechain?: unknown;
  isMeta?: unknown;
  isCompactSummary?: unknown;
  isVisibleInTranscriptOnly?: unknown;
  isApiErrorMessage?: unknown;
  message?: unknown;
  content?: unknown;
  /** progress records: what is streamed (agent-progress.ts), and the tool call it streams for. */
  data?: unknown;
  parentToolUseID?: unknown;
  summary?: unknown;
  leafUuid?: unknown;
  customTitle?: unknown;
  aiTitle?: unknown;
  attachment?: unknown;
  /** queue-operation records: `enqueue`, `dequeue`, `remove`, `popAll` (queue.ts), and why a removal was made. */
  operation?: unknown;
  reason?: unknown;
  /** On the records a forked session re-wrote: `{sessionId, messageUuid}` of the original. */
  forkedFrom?: unknown;
  /** The structured result beside a tool_result (`persistedOutputPath` for a large one). */
  toolUseResult?: unknown;
}

/** The `message` object of user/assistant records (Anthropic Messages API shape). */
export interface RawApiMessage {
  id?: unknown;
  model?: unknown;
  content?: unknown;
  usage?: unknown;
}

/** One content block: text, thinking, tool_use, tool_result, image, … */
export interface RawBlock {
  type?: unknown;
  text?: unknown;
  thinking?: unknown;
  signature?: unknown;
  data?: unknown;
  id?: unknown;
  name?: unknown;
  input?: unknown;
  tool_use_id?: unknown;
  content?: unknown;
  is_error?: unknown;
  source?: unknown;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function apiMessageOf(record: RawRecord): RawApiMessage {
  return isObject(record.message) ? (record.message as RawApiMessage) : {};
}

/** Content as a list of blocks; a plain string becomes one text block. */
export function blocksOf(content: unknown): RawBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject) as RawBlock[];
}

/** The text a user record starts with: the string content, or its first text block. */
export function leadingText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  for (const block of content) {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') return block.text;
  }
  return undefined;
}

export function hasToolResult(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  for (const block of content) if (isObject(block) && block.type === 'tool_result') return true;
  return false;
}

/**
 * Record types that carry no conversation content (bookkeeping, UI state, titles). They are read
 * for metadata or skipped without a warning; any other unknown type is kept and warned about.
 * The list is Claude Code 2.1.285's session writer's (see README, Sources).
 */
export const SILENT_TYPES: ReadonlySet<string> = new Set([
  'progress', // streaming tool/hook/subagent progress for the live UI; final results follow
  'file-history-snapshot', // checkpoint bookkeeping for file rewinds
  'file-history-delta',
  'attribution-snapshot',
  'last-prompt', // copy of a prompt already in the file
  'custom-title', // read as the title
  'ai-title', // read as the title
  'agent-name', // the /rename name again (equals customTitle)
  'agent-color',
  'agent-setting',
  'memory-mode',
  'isolation-latch',
  'atis-latch',
  'dev-mods',
  'worktree-state',
  'cost-state', // Claude Code's own running usage totals; usage is read from the messages
  'history-suppression',
  'artifact-comment-monitor',
  'artifact-autoreact-ledger',
  'api-request', // request bookkeeping: the messages sent are the records themselves
  'api-request-shape',
  'api-request-blob',
  'observer-ref',
  'frame-link',
]);

/**
 * Record types known to carry session facts whose fields are not documented by any source
 * (lineage, relocation, tags): kept as they are, as generic system messages, without a warning.
 */
export const KEPT_TYPES: ReadonlySet<string> = new Set([
  'tag',
  'relocated',
  'continued-in',
  'ended-by-model',
  'teleported-from',
  'fork-context-ref',
  'content-replacement',
]);
