/**
 * The contract every agent provider implements: find the agent's native session files in a
 * home, recognise one by its content, and turn it into normalized conversations.
 * Providers read files only: they never write, open an agent's SQLite store read-only (and
 * never the archive's), never import electron.
 */
import type { AgentId } from '../../../../shared/agents';
import type { Conversation } from '../../../../shared/record';
import type { SpillFile } from './spill-file';

/** One complete line of a text source, with its 1-based number and the byte offset after it. */
export interface SourceLine {
  readonly text: string;
  readonly lineNo: number;
  readonly endOffset: number;
  /** What the reader had to do to read this line (a re-encoded file, a line cut short), for the warnings. */
  readonly notes?: readonly string[];
  /** The file ends inside this line and is no longer being written: it will not be finished. */
  readonly cut?: boolean;
  /** A line longer than `lines`' `farLineBytes`: `text` is empty, its bytes [start, end) (no newline) are to be read from the file. */
  readonly far?: { readonly start: number; readonly end: number };
}

/** What a provider is handed to parse one source file. */
export interface ParseContext {
  /** Absolute path of the file. */
  readonly path: string;
  /** `host`, or the jackin container name the file was found under. */
  readonly instance: string;
  /** The jackin workspace of that container, when known. */
  readonly workspaceHint?: string;
  /**
   * Complete lines only (a half-written last line is left for the next read), streamed. A line
   * longer than `farLineBytes` may come unread (SourceLine.far); a context may ignore it.
   */
  lines(options?: { readonly farLineBytes?: number }): AsyncIterable<SourceLine>;
  /**
   * The whole file as text, for formats that are one JSON document. What it took to decode it
   * (a UTF-16 file, say) is told to `note`, for a warning.
   */
  readText(note?: (message: string) => void): Promise<string>;
  /** The same reading of another file the format points to (a parent transcript, a sidecar). */
  sibling(filePath: string): ParseContext;
}

/** Where a file came from, for a parser that is handed its lines rather than reading them. */
export type SourceContext = Pick<ParseContext, 'path' | 'instance' | 'workspaceHint'>;

/**
 * A parser fed a file's lines as the agent writes them, so a live session is never read again
 * from its start: `parse` is one of these fed every line, then snapshotted once.
 */
export interface IncrementalParser {
  /** The next complete line, in file order after every line fed before. */
  feed(line: SourceLine): void;
  /** The conversations of everything fed so far; callable any number of times, it never disturbs later feeding. */
  snapshot(): Conversation[];
}

/** The first bytes of a file, for content detection. */
export interface DetectSample {
  readonly path: string;
  /** Up to the first 64 KiB, decoded as UTF-8 (may end mid-line). */
  readonly head: string;
}

/** How to reopen a conversation in its agent. */
export interface ResumeCommand {
  readonly command: string;
  readonly cwd?: string;
}

/**
 * One agent's manifest: everything Déjà Vu knows of the agent is reached through it (the
 * registry holds one per agent id), so adding an agent is one folder and one registry line.
 */
export interface Provider<Agent extends AgentId = AgentId> {
  readonly agent: Agent;
  /**
   * The folders, relative to a home and `/`-separated, the agent writes session files under.
   * The one list of them: `locate` walks them, live capture watches them for new sessions and
   * jackin discovery recognises a container home by them. Empty only for an agent with no
   * store of its own (Aider writes into each repo: its files are found by `locate` alone).
   */
  readonly sessionFolders: readonly string[];
  /**
   * Session files of this agent under one home directory (`$HOME` or a jackin container
   * home). Must never return or open credential files.
   */
  locate(home: string): Promise<string[]>;
  /** True when the sample is this agent's session format. Cheap: no full parse. */
  detect(sample: DetectSample): boolean;
  /**
   * True for a file the agent writes beside its sessions that `parse` reads as part of one (a
   * sidecar, a saved tool output), by its path alone: an import of a folder passes over it quietly.
   */
  companion?(filePath: string): boolean;
  /**
   * Files beside this session file that its parse reads for what the file itself lacks (Kimi's
   * wire log: the commands the agent answered, the times): a sync and the live watcher read the
   * session file again when one of them changed, though the session file did not. Only their
   * mtime counts (not their bytes): the session file's own read decides what was rewritten.
   */
  companionsOf?(filePath: string): readonly string[];
  /**
   * Earlier files of the same session log that this file takes over from (an agent upgrade that
   * moved a session to a new log): turns the archive read from them already are not added again
   * from this file, and what only they held stays (archive/echoes.ts).
   */
  replaces?(filePath: string): readonly string[];
  /**
   * The files `replaces` names hold the same chat written in parallel, not an older log (Cursor's
   * store beside its transcript): echoes are matched as a mirror's (archive/echoes.ts).
   */
  readonly mirrors?: boolean;
  /**
   * Every conversation in the file: the main one first, then subagent/sidechain ones (with
   * `parentId` set). A malformed line becomes a warning on the conversation, never a throw.
   */
  parse(ctx: ParseContext): Promise<Conversation[]>;
  /**
   * The same conversations as `parse`, for a huge file: messages whose bodies are read again
   * from the file when used (kit/line-bodies.ts), so memory holds their metadata only. Asked for
   * files of a sync's `hugeBytes` or more (capture/ingest.ts), with a spill file in the archive's
   * `.tmp/` for what it would otherwise hold per message (kit/spill-file.ts): it stays readable
   * until the caller removes it, once the conversations are archived.
   */
  parseLarge?(ctx: ParseContext, spill?: SpillFile): Promise<Conversation[]>;
  /** For line-oriented (JSONL) formats: a parser to feed appended lines to, for live capture. */
  incremental?(ctx: SourceContext): IncrementalParser;
  resumeCommand(conversation: Conversation): ResumeCommand | undefined;
}
