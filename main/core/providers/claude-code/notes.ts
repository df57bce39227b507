/**
 * The session-level records of 2.1.x that are neither messages nor pure bookkeeping, turned into
 * short system notes: the pull request a session was linked to, mode changes, the Remote Control
 * session. Claude Code re-writes some of them on every resume or compaction, so a note is made
 * only when what it says is new (a PR not yet noted, a mode different from the last one).
 */
import type { RawRecord } from './records';
import { isObject, str } from './records';

export interface Note {
  kind: string;
  text: string;
}

/** Record types that become notes. */
export const NOTE_TYPES: ReadonlySet<string> = new Set(['pr-link', 'mode', 'permission-mode', 'bridge-session']);

/** What has been noted so far in one file. */
export class NoteState {
  private readonly prs = new Set<string>();
  private readonly modes = new Map<string, string>();
  private readonly bridges = new Set<string>();

  /** The note a record adds, or undefined when it says nothing new. */
  noteFor(record: RawRecord): Note | undefined {
    const r = record as Record<string, unknown>;
    switch (record.type) {
      case 'pr-link':
        return this.prLink(r);
      case 'mode':
        return this.mode('mode', 'Mode', r.mode);
      case 'permission-mode':
        return this.mode('permission-mode', 'Permission mode', r.permissionMode);
      case 'bridge-session': {
        const id = str(r.bridgeSessionId);
        if (id === undefined || this.bridges.has(id)) return undefined;
        this.bridges.add(id);
        return { kind: 'bridge-session', text: `Remote Control session ${id}` };
      }
      default:
        return undefined;
    }
  }

  private prLink(r: Record<string, unknown>): Note | undefined {
    const url = str(r.prUrl);
    const number = typeof r.prNumber === 'number' || typeof r.prNumber === 'string' ? String(r.prNumber) : undefined;
    const repo = str(r.prRepository) ?? str(r.repository);
    const key = url ?? `${repo ?? ''}#${number ?? ''}`;
    if ((url === undefined && number === undefined) || this.prs.has(key)) return undefined;
    this.prs.add(key);
    const name = [repo, number !== undefined ? `#${number}` : undefined].filter(Boolean).join(' ');
    return { kind: 'pr-link', text: `Pull request ${name || url}${url && name ? `: ${url}` : ''}` };
  }

  private mode(kind: string, label: string, value: unknown): Note | undefined {
    if (value === undefined || value === null || isObject(value)) return undefined;
    const text = String(value);
    if (this.modes.get(kind) === text) return undefined;
    this.modes.set(kind, text);
    return { kind, text: `${label}: ${text}` };
  }
}
