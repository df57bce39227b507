/**
 * The drift census (`dejavu doctor`, the Settings panel): per agent, what its homes hold and
 * what the archive made of it, so the day an agent changes where or how it writes, the person
 * sees it instead of losing history quietly.
 */
import type { AgentId } from './agents';

/** One agent version seen in archived sessions. */
export interface VersionSeen {
  readonly version: string;
  readonly sessions: number;
}

/** A record type a provider did not know, kept as generic content. */
export interface UnknownTypeSeen {
  readonly type: string;
  /** Archived sessions in which it appeared. */
  readonly sessions: number;
  /** One place it appeared: a source file, with `:line` when the provider named the line. */
  readonly example: string;
}

/**
 * Files of one extension in the agent's session folders that no sync locates as a session and no
 * provider recognises as one: sidecars (a parser may open some beside their session, as OpenCode's
 * `storage/message` files) and kinds of file nobody reads yet.
 */
export interface OtherFiles {
  /** `.json`, `.txt`, … (`(none)` for a name without one). */
  readonly extension: string;
  readonly count: number;
  readonly example: string;
}

export interface AgentHomeSeen {
  readonly path: string;
  /** `host`, or the jackin container the home belongs to. */
  readonly instance: string;
  /** The agent's session folders that exist in it. */
  readonly folders: readonly string[];
}

export interface AgentCensus {
  readonly agent: AgentId;
  /** Homes holding one of the agent's session folders or session files. */
  readonly homes: readonly AgentHomeSeen[];
  /** Session files the agent's provider finds in those homes (what a sync reads). */
  readonly sessionFiles: number;
  /** Conversations of the agent in the archive, subagents included. */
  readonly archived: number;
  /** Of those, the ones whose source the agent has deleted: only the archive holds them. */
  readonly keptAfterDeletion: number;
  /** Newest first. */
  readonly versions: readonly VersionSeen[];
  readonly unknownTypes: readonly UnknownTypeSeen[];
  /** Files in the agent's session folders that a provider recognises as sessions but no sync reads: history not being kept. */
  readonly unreadSessionFiles: readonly string[];
  /** Other files in the session folders not located as sessions, by extension. */
  readonly otherFiles: readonly OtherFiles[];
  readonly warnings: readonly string[];
}

export interface DoctorReport {
  readonly archive: string;
  /** Every home looked in (the person's own and jackin container homes). */
  readonly homes: readonly string[];
  /** Every agent, in the registry's order. */
  readonly agents: readonly AgentCensus[];
  /** Session files nothing reads, over every agent: non-zero makes `dejavu doctor` fail. */
  readonly unreadSessionFiles: number;
}

/** True when the census found anything of the agent at all (homes, files or archived sessions). */
export function agentPresent(a: AgentCensus): boolean {
  return a.homes.length > 0 || a.sessionFiles > 0 || a.archived > 0;
}
