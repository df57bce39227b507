/**
 * The plain shapes a blob's frames decode into, as codec.ts reads them: proto3 `optional`
 * fields come back absent or null, so it reads those through opt().
 */

// Decoded proto3 `optional` fields are absent or null when unset; strip both.
export function opt<T>(value: T | null | undefined): T | undefined {
  return value === null || value === undefined ? undefined : value;
}

export type Maybe<T> = T | null | undefined;
export interface DecodedUsage {
  inputTokens?: Maybe<number>;
  outputTokens?: Maybe<number>;
  cacheReadTokens?: Maybe<number>;
  cacheWriteTokens?: Maybe<number>;
  reasoningTokens?: Maybe<number>;
}
export interface DecodedPart {
  text?: Maybe<{ content: string; contentRef?: Maybe<string> }>;
  reasoning?: Maybe<{ content: string; redacted: boolean; contentRef?: Maybe<string> }>;
  toolCall?: Maybe<{ id: string; name: string; arguments: string }>;
  toolCallResponse?: Maybe<{ id: string; response: string; isError: boolean; contentRef?: Maybe<string> }>;
  blob?: Maybe<{ modality: string; mimeType: string; content: Uint8Array; contentRef?: Maybe<string> }>;
  generic?: Maybe<{ kind: string; content: string }>;
}
export interface DecodedMessage {
  id: string;
  parentId?: Maybe<string>;
  role: string;
  timestamp?: Maybe<string>;
  model?: Maybe<string>;
  usage?: Maybe<DecodedUsage>;
  kind?: Maybe<string>;
  parts: DecodedPart[];
  native?: Maybe<string>;
  nativeRefs?: Maybe<boolean>;
  source?: Maybe<number>;
  supersededAt?: Maybe<string>;
}
export interface DecodedPage {
  messages: DecodedMessage[];
}
export interface DecodedConversation {
  schemaVersion: number;
  id: string;
  agent: string;
  nativeId: string;
  workspace: string;
  instance: string;
  cwd?: Maybe<string>;
  gitBranch?: Maybe<string>;
  title?: Maybe<string>;
  startedAt?: Maybe<string>;
  endedAt?: Maybe<string>;
  models: string[];
  usage?: Maybe<DecodedUsage>;
  parentId?: Maybe<string>;
  parentToolCallId?: Maybe<string>;
  relation?: Maybe<string>;
  agentVersion?: Maybe<string>;
  sourcePath: string;
  sources: string[];
  sourceDeleted: boolean;
  warnings: { line?: Maybe<number>; message: string }[];
  messages: DecodedMessage[];
  rewrites: { at: string; path: string; how: string; kept: number }[];
}
