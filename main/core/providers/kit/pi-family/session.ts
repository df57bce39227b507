/**
 * Parses one session file of the Pi session format, which the Pi coding agent (badlogic/pi-mono
 * packages/coding-agent), its fork oh-my-pi and OpenClaw (built on Pi's SessionManager) all
 * write. Line 1 is the header `{type: "session", version?, id, timestamp, cwd, parentSession?,
 * title?}`; every later line an entry `{type, id, parentId, timestamp, …}` of a tree (branches
 * stay in the file; each message keeps its parent). docs/session.md of each project describes
 * the entries; the pi provider's README.md maps them.
 */
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation } from '../../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../identity';
import { str } from '../json';
import { readRecord } from '../json-lines';
import type { ParseContext } from '../provider';
import { blobDir } from './content';
import { readEntry, type SessionFacts } from './entry';
import { withoutForkCopies } from './fork';

/** Which agent wrote the file, and what it knows of the session beyond the file. */
export interface PiFamilyAgent {
  readonly agent: AgentId;
  /** The agent's name, for warnings. */
  readonly label: string;
  /** A title the agent keeps outside the file (OpenClaw's sessions.json), used when the file names none. */
  readonly titleOutside?: (sessionId: string) => Promise<string | undefined>;
}

export async function parsePiFamilySession(ctx: ParseContext, who: PiFamilyAgent): Promise<Conversation[]> {
  const facts: SessionFacts = { warnings: [], messages: [], models: new Set(), unknown: new Set(), entryIds: new Set(), blobs: blobDir(ctx.path) };
  const { warnings, messages, models, unknown } = facts;
  let first: string | undefined;
  let last: string | undefined;
  let sawLine = false;

  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    sawLine = true;
    const entry = readRecord(line, (n, message) => warnings.push({ line: n, message }));
    if (!entry) continue;
    const timestamp = str(entry.timestamp);
    if (str(entry.type) !== 'session' && timestamp) {
      first ??= timestamp;
      last = timestamp;
    }
    await readEntry(facts, entry, line);
  }
  if (!sawLine) return [];
  const { header } = facts;
  if (!header) warnings.unshift({ message: `No ${who.label} session header (first line {"type":"session",…}); the session id is taken from the file name` });
  if (unknown.size) warnings.push({ message: `Unknown ${who.label} session entries kept as generic messages: ${[...unknown].sort().join(', ')}` });
  const nativeId = str(header?.id) ?? idFromName(ctx.path);
  const title = [facts.name, str(header?.title), await who.titleOutside?.(nativeId)].find((t) => t?.trim()) ?? facts.firstPrompt;
  const fork = withoutForkCopies(ctx.path, str(header?.parentSession), messages);
  return [
    seedConversation(
      { agent: who.agent, nativeId, ctx, cwd: str(header?.cwd), models, warnings, messages: fork?.messages ?? messages },
      {
        title: titleFrom(title),
        startedAt: str(header?.timestamp) ?? first,
        endedAt: last,
        ...(fork ? { parentId: conversationId(who.agent, fork.id), relation: 'fork' as const } : {}),
      },
    ),
  ];
}

/** `<timestamp>_<id>.jsonl` (Pi), `<id>.jsonl[.reset.<time>]` (OpenClaw) → the id. */
function idFromName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.jsonl(\.reset\..*)?$/, '').replace(/^.*_/, '');
}
