/**
 * The digest contract: what `dejavu digest ID --json` and MCP's `get_digest` answer, a stable,
 * versioned JSON shape a script or an orchestrating agent can rely on. Field by field in the
 * README ("The digest contract"). Bump DIGEST_SCHEMA_VERSION when a field changes meaning;
 * adding a field is not a change of meaning.
 */
import type { AgentId } from './agents';
import type { Usage } from './record';
import type { PriceTable } from './usage';

export const DIGEST_SCHEMA_VERSION = 1;

/** A notable point of the thread: an interrupt, a retry, a compaction, an error, an earlier revision. */
export interface MarkerFact {
  readonly kind: string;
  /** The message index, to jump to (`dejavu show`, MCP `read_conversation` from=). */
  readonly index: number;
  readonly timestamp?: string;
}

/** One distinct error: its first words, a fingerprint of its shape, how often and where first. */
export interface ErrorFact {
  /** 16 hex digits; equal for errors that differ only in numbers, ids, quoted strings and paths. */
  readonly fingerprint: string;
  readonly snippet: string;
  readonly count: number;
  readonly firstIndex: number;
  /** `tool`: a failed tool result; `message`: an error the harness recorded (API error, …). */
  readonly source: 'tool' | 'message';
  readonly tool?: string;
}

export interface DigestDocument {
  readonly schema_version: typeof DIGEST_SCHEMA_VERSION;
  readonly identity: {
    readonly id: string;
    readonly agent: AgentId;
    readonly nativeId: string;
    readonly title?: string;
    readonly workspace: string;
    readonly instance: string;
    readonly cwd?: string;
    readonly gitBranch?: string;
    readonly parentId?: string;
    readonly agentVersion?: string;
    readonly sourcePath: string;
    readonly sourceDeleted: boolean;
  };
  readonly times: { readonly startedAt?: string; readonly endedAt?: string; readonly durationMs?: number };
  readonly outcome: 'success' | 'fail' | 'abandoned' | 'unknown';
  readonly models: readonly string[];
  readonly cost: {
    readonly tokens: Usage;
    /** US dollars; null when a model that answered has no price in the table (never 0 for unknown). */
    readonly costUsd: number | null;
    readonly unpricedModels: readonly string[];
    readonly priceTable: PriceTable;
  };
  readonly counts: {
    readonly messages: number;
    readonly prompts: number;
    readonly answers: number;
    readonly toolCalls: number;
    readonly errors: number;
    readonly retries: number;
    readonly interrupts: number;
  };
  /** Tool calls per tool name. */
  readonly toolHistogram: Readonly<Record<string, number>>;
  /** Messages per kind (`environment-context`, `api-error`, …), or per role when they have none. */
  readonly kindCounts: Readonly<Record<string, number>>;
  readonly markers: readonly MarkerFact[];
  readonly firstPrompt?: string;
  readonly lastAnswer?: string;
  readonly errors: readonly ErrorFact[];
  readonly filesTouched: readonly { readonly path: string; readonly actions: readonly string[] }[];
  /** Where the answer came from: the stored digest (survives eviction) or computed from the record now. */
  readonly digest: { readonly version: number; readonly stored: boolean };
}
