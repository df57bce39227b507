/**
 * The one contract between the main process (or `dejavu serve`) and the renderer: every
 * channel with the schema of its request (validated where it is handled) and the type of its
 * response. The Electron handlers, the preload bridge, the HTTP server and the renderer's
 * client are all derived from this map.
 */
import { z } from 'zod';
import { AGENT_IDS, type AgentId } from './agents';
import { CHANNEL_NAMES, EVENT_NAMES } from './channels';
import type { ParentLink } from './parent-link';
import type { Message, SourceRewrite } from './record';
import type { ArchivedSummary, ArchiveStatsView, CleanupRisk, ResumeHint, SearchPage, SpaceBreakdown, TreeWorkspace } from './views';
import type { EvictionReport, RetentionSettings, RetentionView } from './retention';
import type { PrivacySettings } from './privacy';
import { retentionPatchSchema } from './retention-schema';
import type { IntegrityCheck } from './verify';
import { USAGE_GROUPINGS, type UsageReport } from './usage';
import { PLAN_ORIGINS, type PlansAnswer } from './plans';
import type { TimelineAnswer } from './timeline';
import { isTimeZone } from './local-day';
import type { DoctorReport } from './doctor';
import type { FilesAnswer } from './files';
import type { SyncProgress } from './sync-progress';

const agent = z.enum(AGENT_IDS);
const id = z.string().min(1).max(300);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'an ISO date');
/** The renderer's IANA time zone: days (tree, export names, after:/before:) are counted in it. */
const timeZone = z.string().max(100).refine(isTimeZone, 'a known IANA time zone').optional();

/** A channel: its request schema and (phantom) response type. */
interface Channel<Req extends z.ZodType, Res> {
  readonly request: Req;
  readonly response?: Res;
}
function channel<Res>() {
  return <Req extends z.ZodType>(request: Req): Channel<Req, Res> => ({ request });
}

export interface ConversationView {
  readonly summary: ArchivedSummary;
  /** The conversation it came from (a subagent's parent, the one a fork or continuation goes on from). */
  readonly parent?: ParentLink;
  /** The conversations linked under it (subagents, continuations; each with its `relation`), wherever they sit in the tree. */
  readonly children: readonly ArchivedSummary[];
  readonly resume?: ResumeHint;
  readonly warnings: readonly { line?: number; message: string }[];
  /** Times a source dropped or changed what was archived; what it dropped is kept, marked. */
  readonly rewrites: readonly SourceRewrite[];
}

export interface MessagePage {
  readonly total: number;
  readonly offset: number;
  readonly messages: readonly Message[];
}

export interface ExportFile {
  readonly fileName: string;
  readonly mimeType: string;
  readonly content: string;
  /** Secrets masked in it; null when redaction is off (the `redactExports` setting). */
  readonly redacted: number | null;
}

/** The formats a conversation exports to. */
export const EXPORT_FORMATS = ['md', 'json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Where the last sync looked for one agent's sessions under one home, and how many files it found there. */
export interface LookedIn {
  readonly agent: AgentId;
  readonly home: string;
  /** The agent's own session folders under that home (empty for an agent that writes into each project). */
  readonly folders: readonly { readonly path: string; readonly exists: boolean }[];
  readonly found: number;
}

export interface SyncOutcome {
  readonly read: number;
  readonly unchanged: number;
  readonly created: number;
  readonly updated: number;
  readonly sourceDeleted: number;
  readonly errors: readonly { path: string; message: string }[];
  /** Per agent and home, where the sync looked and what it found. */
  readonly looked?: readonly LookedIn[];
}

/** What adding a folder found: a sync of that folder alone (`dejavu sync --source <folder>`); `folder` null when the person cancelled the dialog. */
export interface FolderSyncOutcome extends SyncOutcome {
  readonly folder: string | null;
}

/** What merging another machine's archive did; `path` null when the person cancelled the dialog. */
export interface MergeOutcome {
  readonly path: string | null;
  /** The other archive's machine: its conversations carry this name as their instance. */
  readonly machine?: string;
  readonly considered: number;
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly errors: readonly { readonly id: string; readonly message: string }[];
}

export interface AppStatus {
  readonly archive: string;
  readonly stats: ArchiveStatsView;
  readonly syncing: boolean;
  /** `folder`: the sync read only that folder, which the person added. */
  readonly lastSync?: { readonly at: string; readonly outcome: SyncOutcome; readonly folder?: string };
  /** What this transport can do beyond reading: native save and open dialogs (a file, a folder), external links. */
  readonly capabilities: { readonly saveDialog: boolean; readonly openDialog: boolean; readonly folderDialog: boolean; readonly openExternal: boolean };
  /** Background failures since the process started, newest first (a window that opens later still sees them). */
  readonly recentFailures: readonly BackgroundFailure[];
}

export const contract = {
  'dejavu:status': channel<AppStatus>()(z.object({}).strict()),
  'dejavu:tree': channel<TreeWorkspace[]>()(z.object({ agent: agent.optional(), timeZone }).strict()),
  'dejavu:conversations': channel<ArchivedSummary[]>()(
    z
      .object({
        workspace: z.string().max(300).optional(),
        instance: z.string().max(300).optional(),
        date: z.union([isoDate, z.literal('undated')]).optional(),
        agent: agent.optional(),
        parentId: id.optional(),
        /** Only conversations that are not a subagent's. */
        topLevel: z.boolean().optional(),
        timeZone,
        limit: z.number().int().positive().max(10_000).optional(),
      })
      .strict(),
  ),
  'dejavu:conversation': channel<ConversationView>()(z.object({ id }).strict()),
  'dejavu:messages': channel<MessagePage>()(
    z.object({ id, offset: z.number().int().min(0), limit: z.number().int().min(1).max(2_000) }).strict(),
  ),
  /** One page of a search, bounded by the text it reads: ask again with `more.cursor` for older conversations. */
  'dejavu:search': channel<SearchPage>()(
    z
      .object({
        query: z.string().min(1).max(1_000),
        agent: agent.optional(),
        workspace: z.string().max(300).optional(),
        includeToolOutput: z.boolean().optional(),
        limit: z.number().int().positive().max(500).optional(),
        timeZone,
        /** A previous page's `more.cursor` (a row key: below 2^29, main/core/search/row-keys.ts). */
        cursor: z.number().int().min(0).max(2 ** 29 - 1).optional(),
      })
      .strict(),
  ),
  'dejavu:export': channel<ExportFile>()(z.object({ id, format: z.enum(EXPORT_FORMATS), timeZone }).strict()),
  /** Export through a native save dialog (Electron only); null when the person cancels. */
  'dejavu:save-export': channel<{ path: string | null }>()(z.object({ id, format: z.enum(EXPORT_FORMATS), timeZone }).strict()),
  'dejavu:sync': channel<SyncOutcome>()(z.object({}).strict()),
  /**
   * Archive one folder kept outside the agents' homes, as `dejavu sync --source <folder>` does.
   * Without `path`, the native folder dialog asks for it (Electron only).
   */
  'dejavu:sync-folder': channel<FolderSyncOutcome>()(z.object({ path: z.string().trim().min(1).max(4_096).optional() }).strict()),
  /** Open an http(s) link from a transcript in the system browser (Electron only). */
  'dejavu:open-external': channel<null>()(z.object({ url: z.string().url().max(4_000) }).strict()),
  /** Pin (never evict) or unpin a conversation. */
  'dejavu:pin': channel<{ id: string; pinned: boolean }>()(z.object({ id, pinned: z.boolean() }).strict()),
  /** Retention settings, stage counts, ledger totals, recent ledger entries and data-loss events. */
  'dejavu:retention': channel<RetentionView>()(z.object({}).strict()),
  'dejavu:set-retention': channel<RetentionSettings>()(z.object({ settings: retentionPatchSchema }).strict()),
  /**
   * Run an eviction sweep now (dryRun: only plan it); runs off the UI path. A plan may use
   * `overrides` of the saved settings (the values typed in the form, not saved); a real sweep
   * uses only the saved ones.
   */
  'dejavu:evict': channel<EvictionReport>()(
    z
      .object({ dryRun: z.boolean(), overrides: retentionPatchSchema.optional() })
      .strict()
      .refine((r) => r.dryRun || r.overrides === undefined, { message: 'overrides apply to a preview only: save the settings to evict with them', path: ['overrides'] }),
  ),
  /** The last `dejavu verify` (time, result, counts); null when none has run. */
  'dejavu:integrity': channel<IntegrityCheck | null>()(z.object({}).strict()),
  /** Plans agents made or followed, deduplicated, each with the conversations that made or used it. */
  'dejavu:plans': channel<PlansAnswer>()(
    z
      .object({ text: z.string().max(500).optional(), workspace: z.string().max(300).optional(), origin: z.enum(PLAN_ORIGINS as [string, ...string[]]).optional() })
      .strict(),
  ),
  /** One repository's conversations across every agent, oldest first (every repository without `repo`). */
  'dejavu:timeline': channel<TimelineAnswer>()(
    z
      .object({
        repo: z.string().min(1).max(1_024).optional(),
        branch: z.string().min(1).max(300).optional(),
        since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').optional(),
        timeZone: z.string().min(1).max(100).optional(),
        agent: agent.optional(),
      })
      .strict(),
  ),
  /** Tokens and cost grouped by local day/week/month, agent, model or workspace, in the renderer's time zone. */
  'dejavu:usage': channel<UsageReport>()(
    z
      .object({
        by: z.enum(USAGE_GROUPINGS),
        since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').optional(),
        timeZone: z.string().min(1).max(100).optional(),
        agent: agent.optional(),
        workspace: z.string().max(300).optional(),
        top: z.number().int().min(0).max(1_000).optional(),
      })
      .strict(),
  ),
  /**
   * The per-file view (`dejavu files`): the conversations whose tool calls touched an absolute
   * `path`, each with its edits of it as diffs; or the files one conversation touched.
   */
  /** The conversations that touched a file (`path`), or the files one conversation touched (`conversationId`): one of the two. */
  'dejavu:files': channel<FilesAnswer>()(
    z
      .object({ path: z.string().min(1).max(4_096).optional(), conversationId: id.optional() })
      .strict()
      .refine((r) => (r.path === undefined) !== (r.conversationId === undefined), 'give either path or conversationId'),
  ),
  /** Secret redaction settings: on exports (default on) and at capture (default off). */
  'dejavu:privacy': channel<PrivacySettings>()(z.object({}).strict()),
  'dejavu:set-privacy': channel<PrivacySettings>()(z.object({ settings: z.object({ redactExports: z.boolean().optional(), redactAtCapture: z.boolean().optional() }).strict() }).strict()),
  /**
   * Merge another machine's archive (a `dejavu export-archive` file or an archive folder) into
   * this one. Without `path`, the native open dialog asks for the file (Electron only).
   */
  'dejavu:merge-archive': channel<MergeOutcome>()(z.object({ path: z.string().trim().min(1).max(4_096).optional() }).strict()),
  /** Space per workspace and per agent, and what each eviction stage would free there (reads every conversation). */
  'dejavu:space': channel<SpaceBreakdown>()(z.object({}).strict()),
  /** Agents whose own cleanup will soon delete sessions not archived yet. */
  'dejavu:agent-cleanup': channel<CleanupRisk[]>()(z.object({}).strict()),
  /** The drift census (`dejavu doctor`): per agent, homes, session files, sessions archived, versions, unknown record types, files nothing reads. */
  'dejavu:doctor': channel<DoctorReport>()(z.object({}).strict()),
  /** Which conversation the renderer shows (null: none), so the desktop menu can follow. */
  'dejavu:viewing': channel<null>()(z.object({ id: id.nullable() }).strict()),
  /** The renderer now listens for commands: the ones that arrived before (a link that launched the app). */
  'dejavu:pending-commands': channel<ContractEvents['dejavu:command'][]>()(z.object({}).strict()),
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type RequestOf<C extends ChannelName> = z.input<Contract[C]['request']>;
export type ResponseOf<C extends ChannelName> = Exclude<Contract[C]['response'], undefined>;
export const CHANNELS: readonly ChannelName[] = CHANNEL_NAMES;
// Compile-time check: the name list and the contract's keys are the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _channelsMatch: Same<(typeof CHANNEL_NAMES)[number], ChannelName> = true;
void _channelsMatch;

/** Events main sends to the renderer (no request; never answered). */
export interface ContractEvents {
  /** Conversations were added or changed (after a sync, an import, a live append). */
  'dejavu:changed': { readonly conversations: readonly string[] };
  /** How far a sync is (files, bytes, conversations, search's lag), then what it did. */
  'dejavu:sync-progress': SyncProgress | { readonly finished: SyncOutcome } | { readonly failed: string };
  /** A menu or shortcut in main asks the renderer to act; a `dejavu://conversation/<id>` link opens that conversation. */
  'dejavu:command': { readonly command: 'find' | 'export-current' | 'export-current-html' | 'settings' } | { readonly command: 'open-conversation'; readonly id: string; readonly message?: number };
  /** Work nobody awaited failed (the sweep after a sync, live capture of a file): for the status bar; also logged. */
  'dejavu:background-failure': BackgroundFailure;
}

/** Work nobody awaited that failed: what it was, the error's sentence, when. */
export interface BackgroundFailure {
  readonly task: BackgroundTask;
  readonly message: string;
  readonly at: string;
}

/** The work main runs on its own, named as the status bar says it. */
export type BackgroundTask = 'eviction sweep' | 'live capture' | 'sync';
export type EventName = keyof ContractEvents;
export const EVENTS: readonly EventName[] = EVENT_NAMES;
const _eventsMatch: Same<(typeof EVENT_NAMES)[number], EventName> = true;
void _eventsMatch;
