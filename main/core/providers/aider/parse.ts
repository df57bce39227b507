/**
 * Parses `.aider.chat.history.md`. One file holds every session aider ran in that repo, each
 * opened by `# aider chat started at <local time>`: each session is its own conversation,
 * returned in file order. Lines are streamed once, classified (classify.ts) and grouped into
 * blocks — consecutive prompt lines (blank lines inside allowed), consecutive output lines,
 * a run of reply lines — that the session turns into messages. See README.md.
 */
import type { Conversation, ParseWarning } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { HEADER, LineClassifier, type LineType } from './classify';
import type { ReplyLine } from './reply';
import { AiderSession } from './session';

type BlockType = 'prompt' | 'output' | 'text';

export async function parseAiderHistory(ctx: ParseContext): Promise<Conversation[]> {
  const sessions: AiderSession[] = [];
  const seenIds = new Map<string, number>();
  const classifier = new LineClassifier();
  let session: AiderSession | undefined;
  let block: { type: BlockType; lines: ReplyLine[] } | undefined;
  const orphanWarnings: ParseWarning[] = [];

  const flush = (): void => {
    if (!block || !session) return;
    if (block.type === 'prompt') session.prompt(block);
    else if (block.type === 'output') session.output(block);
    else session.reply(block);
    block = undefined;
  };
  const endSession = (): void => {
    flush();
    if (session && classifier.inFence && classifier.swallowed > 0) {
      session.warnings.push({
        line: classifier.fenceOpenedAt,
        message: `A code fence opened here never closed; ${classifier.swallowed} '#### ' line(s) after it were read as reply text`,
      });
    }
  };
  const open = (headerTime: string | undefined, lineNo: number): void => {
    const key = `${ctx.path}@${headerTime ?? `line${lineNo}`}`;
    const n = seenIds.get(key) ?? 0;
    seenIds.set(key, n + 1);
    session = new AiderSession(ctx, n ? `${key}#${n + 1}` : key, headerTime ? isoLocal(headerTime) : undefined);
    sessions.push(session);
  };

  for await (const { text, lineNo } of ctx.lines()) {
    const type: LineType = classifier.classify(text, lineNo);
    if (type === 'header') {
      endSession();
      open(HEADER.exec(text)?.[1], lineNo);
      continue;
    }
    if (type === 'blank') {
      // Blank lines belong to the block around them (a multi-paragraph reply or prompt).
      if (block && block.type !== 'output') block.lines.push({ text, lineNo });
      continue;
    }
    if (!session) {
      open(undefined, lineNo);
      orphanWarnings.push({ line: lineNo, message: 'Text before the first "# aider chat started at" header read as its own session' });
    }
    if (block && block.type !== type) flush();
    block ??= { type, lines: [] };
    block.lines.push({ text, lineNo });
  }
  endSession();
  if (orphanWarnings.length && sessions[0]) sessions[0].warnings.unshift(...orphanWarnings);
  return sessions.filter((s) => s.hasContent).map((s) => s.finish());
}

/**
 * The header time is the machine's local time without a zone (`%Y-%m-%d %H:%M:%S`): kept as
 * an ISO local date-time, no offset invented.
 */
function isoLocal(text: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text.trim());
  return m ? `${m[1]}T${m[2]}` : undefined;
}
