/**
 * The normalized conversation record: the one shape every provider produces and every
 * surface (archive, CLI, app, MCP) reads. Part names follow the OpenTelemetry GenAI
 * semantic conventions. Bump RECORD_SCHEMA_VERSION when a field changes meaning.
 */
import type { AgentId } from './agents';

/** 2: large tool outputs and images may be kept once in the content store, by reference. */
export const RECORD_SCHEMA_VERSION = 2;

export type Role = 'user' | 'assistant' | 'tool' | 'system';

/** Token counts as the agent reported them; absent fields were not reported. */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  reasoningTokens?: number;
}

export interface TextPart {
  readonly type: 'text';
  content: string;
}

export interface ReasoningPart {
  readonly type: 'reasoning';
  /** Visible thinking text; empty when the agent stored only an encrypted/redacted form. */
  content: string;
  redacted?: boolean;
}

export interface ToolCallPart {
  readonly type: 'tool_call';
  id: string;
  name: string;
  /** Arguments exactly as the agent wrote them: JSON text, or raw input for free-form tools. */
  arguments: string;
}

export interface ToolCallResponsePart {
  readonly type: 'tool_call_response';
  id: string;
  /** The result as text (JSON text when the agent stored structure). */
  response: string;
  isError?: boolean;
}

export interface BlobPart {
  readonly type: 'blob';
  modality: 'image' | 'audio' | 'video' | 'file';
  mimeType: string;
  /** base64 */
  content: string;
}

/** Anything else the agent recorded that has no better part: kept, labelled, shown as-is. */
export interface GenericPart {
  readonly type: 'generic';
  kind: string;
  content: string;
}

export type Part =
  | TextPart
  | ReasoningPart
  | ToolCallPart
  | ToolCallResponsePart
  | BlobPart
  | GenericPart;

export type PartType = Part['type'];

export interface Message {
  /** Unique inside its conversation. */
  id: string;
  /** The message this one follows, where the native format keeps a tree. */
  parentId?: string;
  role: Role;
  /** ISO-8601. */
  timestamp?: string;
  model?: string;
  usage?: Usage;
  /**
   * Why a `system` (or otherwise special) message exists: `environment-context`, `reminder`,
   * `command-output`, `compaction-summary`, `interrupt`, `api-error`, `slash-command`, … Free text,
   * for views and filters; never needed to read the message.
   */
  kind?: string;
  parts: Part[];
  /** The native record(s) this message came from, verbatim (JSON text, one per line). */
  native?: string;
  /** Index into `Conversation.sources` of the file this message was read from. */
  source?: number;
  /**
   * Set when the source stopped holding this message as it was (the agent truncated, rewound
   * or rewrote its file): ISO time the archive noticed. The message is kept, shown as an
   * earlier revision; the archive only grows.
   */
  supersededAt?: string;
}

/** A source file that no longer held what the archive had read from it. */
export interface SourceRewrite {
  /** ISO time the archive noticed. */
  at: string;
  path: string;
  /** `shrank`: the file is shorter than what was read; `rewritten`: earlier content changed. */
  how: 'shrank' | 'rewritten';
  /** Messages kept that the source no longer holds as they were. */
  kept: number;
}

/** A line or record the provider could not read; the rest of the session is kept. */
export interface ParseWarning {
  /** 1-based line number in the source file, where there is one. */
  line?: number;
  message: string;
}

/**
 * How a conversation relates to its parent: a `subagent` (or sidechain) another agent started, a
 * `fork` the person branched off it, or a `continuation` that goes on where it stopped (Hermes
 * starts a new session when it compresses the context).
 */
export const CONVERSATION_RELATIONS = ['subagent', 'fork', 'continuation'] as const;
export type ConversationRelation = (typeof CONVERSATION_RELATIONS)[number];

export interface Conversation {
  /** Stable, derived from agent + native id (+ the jackin container, for one read there), safe as a file name. */
  id: string;
  agent: AgentId;
  nativeId: string;
  /** The project: the jackin workspace, else the basename of the repo root / cwd. */
  workspace: string;
  /** `host`, or the container name for a `~/.jackin/data/<container>/` home. */
  instance: string;
  cwd?: string;
  gitBranch?: string;
  title?: string;
  startedAt?: string;
  endedAt?: string;
  models: string[];
  usage?: Usage;
  /** The conversation this one hangs under (a subagent's, or the one a continuation goes on from). */
  parentId?: string;
  /** What `parentId` is to this conversation; absent with a `parentId` means `subagent` (older archives). */
  relation?: ConversationRelation;
  /** The parent's tool call that started this subagent, where known. */
  parentToolCallId?: string;
  /** Version of the agent that wrote the file, where recorded. */
  agentVersion?: string;
  /** The file the conversation was read from (the last one, when several contributed). */
  sourcePath: string;
  /** Every file that contributed messages; `Message.source` indexes this. */
  sources: string[];
  /** The source file no longer exists; the archive copy is all there is. */
  sourceDeleted?: boolean;
  warnings: ParseWarning[];
  /** Every time a source dropped or changed what had been archived (never set by a provider). */
  rewrites?: SourceRewrite[];
  /** Every message of every branch, in file order, linked by `parentId`. */
  messages: Message[];
}

/** A conversation without its messages: what lists and indexes carry. */
export type ConversationSummary = Omit<Conversation, 'messages'> & {
  messageCount: number;
};
