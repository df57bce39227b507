/**
 * A real session's conversation long enough to span several blob pages (container 2), and a
 * way to spoil every page but one: a reader that decodes a spoiled page's messages fails.
 */
import path from 'node:path';
import protobuf from 'protobufjs/minimal.js';
import type { Conversation, Message } from '../shared/record';
import { FrameWriter, framesOf } from '../main/core/archive/blob-container';
import { dejavu } from '../main/core/archive/generated/record';
import { fileParseContext } from '../main/core/capture/parse-context';
import { claudeCodeProvider } from '../main/core/providers/claude-code';
import { FIXTURES_DIR } from './fixtures';

const pb = dejavu.archive;

/** A Claude Code session that reads a 70 KB file listing; the identifier below is printed ~50 KB into it. */
const LONG_OUTPUT_SESSION = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/f2/ad525b80cd/0/full.jsonl');
const LONG_OUTPUT_ID = 'claude-code_6113e919-67d3-417b-b525-c63700228d19';
export const DEEP_IDENTIFIER = 'String::from_utf8_lossy';

/**
 * The session's other messages `repeats` times over (ids made unique), then the session itself:
 * the output holding DEEP_IDENTIFIER is the conversation's only match, pages after its start.
 */
export async function pagedConversation(repeats: number): Promise<Conversation> {
  const session = (await claudeCodeProvider.parse(fileParseContext(LONG_OUTPUT_SESSION))).find((c) => c.id === LONG_OUTPUT_ID);
  if (!session) throw new Error(`${LONG_OUTPUT_ID} is not in ${LONG_OUTPUT_SESSION}`);
  const others = session.messages.filter((m) => !JSON.stringify(m).includes(DEEP_IDENTIFIER));
  const copy = (m: Message, k: number): Message => ({ ...m, id: `${m.id}~${k}`, ...(m.parentId ? { parentId: `${m.parentId}~${k}` } : {}) });
  const filler = Array.from({ length: repeats }, (_, k) => others.map((m) => copy(m, k))).flat();
  return { ...session, messages: [...filler, ...session.messages] };
}

/**
 * The blob (container 2) with every message of every page but the one holding message `keep`
 * made undecodable (its first tag turned into field 0, which protobuf forbids), page lengths and counts unchanged.
 * Returns the new bytes and how many pages it spoiled.
 */
export function spoilPagesBut(bytes: Uint8Array, keep: number): { bytes: Buffer; spoiled: number } {
  const out: Buffer[] = [];
  const writer = new FrameWriter((b) => out.push(b));
  let before = 0;
  let spoiled = 0;
  let head = true;
  for (const raw of framesOf(bytes)) {
    if (head) {
      head = false;
      writer.frame(raw);
      continue;
    }
    const page = pb.MessagePage.decode(raw);
    const holds = keep >= before && keep < before + page.messages.length;
    before += page.messages.length;
    if (holds) {
      writer.frame(raw);
      continue;
    }
    const spoilt = protobuf.Writer.create();
    for (const m of page.messages) {
      const payload = pb.Message.encode(m).finish();
      payload[0] = 0x07;
      spoilt.uint32(0x0a).bytes(payload); // MessagePage.messages, length-delimited
    }
    writer.frame(spoilt.finish());
    spoiled += 1;
  }
  return { bytes: Buffer.concat(out), spoiled };
}
