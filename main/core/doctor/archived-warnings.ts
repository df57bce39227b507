/**
 * What the providers said while reading an agent's archived sessions. Every provider tallies the
 * record types it does not know and names them in one warning on the conversation
 * ("Unknown Codex record types kept as generic messages: a, b"); the census counts, per type,
 * the sessions it appeared in and keeps one place it appeared. Other warnings are counted.
 */
import type { UnknownTypeSeen } from '../../../shared/doctor';
import type { ParseWarning } from '../../../shared/record';

/** The one shape of every provider's unknown-types warning: what it is, then the names. */
const UNKNOWN_TYPES = /^Unknown .+? kept as generic[^:]*: (.+)$/;

export interface ArchivedWarnings {
  readonly unknownTypes: UnknownTypeSeen[];
  /** Sessions with warnings other than unknown types, and one of them. */
  readonly otherWarnings: { readonly sessions: number; readonly example?: { readonly source: string; readonly message: string } };
}

/** Tallies one agent's sessions, each given as its source file and its warnings. */
export class WarningTally {
  private readonly types = new Map<string, { sessions: number; example: string }>();
  private otherSessions = 0;
  private otherExample: { source: string; message: string } | undefined;

  add(source: string, warnings: readonly ParseWarning[]): void {
    let other = false;
    const types = new Map<string, string>();
    for (const w of warnings) {
      const names = UNKNOWN_TYPES.exec(w.message)?.[1].split(', ').filter(Boolean);
      if (!names) {
        other = true;
        this.otherExample ??= { source: w.line ? `${source}:${w.line}` : source, message: w.message };
        continue;
      }
      // A warning's line is the line of the type it names when it names one type only.
      for (const type of names) if (!types.has(type)) types.set(type, names.length === 1 && w.line ? `${source}:${w.line}` : source);
    }
    for (const [type, where] of types) {
      const seen = this.types.get(type) ?? { sessions: 0, example: where };
      seen.sessions += 1;
      this.types.set(type, seen);
    }
    if (other) this.otherSessions += 1;
  }

  result(): ArchivedWarnings {
    const unknownTypes = [...this.types].map(([type, t]) => ({ type, sessions: t.sessions, example: t.example }));
    unknownTypes.sort((a, b) => b.sessions - a.sessions || a.type.localeCompare(b.type));
    return { unknownTypes, otherWarnings: { sessions: this.otherSessions, example: this.otherExample } };
  }
}
