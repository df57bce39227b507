/**
 * The history checkpoints a Gemini CLI 0.44+ writes (`{"$set":{"messages":[…]}}`) repeat turns it
 * recorded, some under new ids (kit/gemini-family/checkpoint.ts). No fixture holds one (row 33 is
 * from April 2026): each case is row 33 continued as the CLI's source writes that case
 * (core ChatRecordingService.updateMessagesFromHistory, GeminiChat.setHistory, utils/sessionUtils
 * convertSessionToClientHistory, context/chatCompressionService at 2026-08-21).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { geminiCliProvider } from './index';

const { tmp, row, parseMain } = providerUnderTest(geminiCliProvider);

type Rec = Record<string, unknown> & { id: string; type: string };
type Part = Record<string, unknown>;

const lines = (): string[] => readFileSync(row(33).absPath, 'utf8').split('\n').filter(Boolean);
const SESSION_CONTEXT_ID = 'd04923d38bb0f6017037e74183378ef4';
const LATER = '2026-04-23T14:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(LATER) + ms).toISOString();

/** The last version of each message record, in first-seen order. */
function records(file: string[]): Rec[] {
  const byId = new Map<string, Rec>();
  for (const l of file) {
    const r = JSON.parse(l) as Rec;
    if (typeof r.id === 'string') byId.set(r.id, r);
  }
  return [...byId.values()];
}

/** The model's history as a resume rebuilds it: ids kept, `<id>_response` after tool calls. */
function resumedHistory(file: string[]): Rec[] {
  const out: Rec[] = [];
  for (const r of records(file)) {
    if (r.type === 'user') {
      const text = (r.content as Part[]).map((p) => (typeof p.text === 'string' ? p.text : '')).join('').trim();
      if (text && !text.startsWith('/')) out.push(r);
    } else if (r.type === 'gemini') {
      const calls = (r.toolCalls as Array<{ id: string; name: string; args: unknown; result?: Part[] }> | undefined) ?? [];
      const thoughts = ((r.thoughts as Array<{ subject: string; description: string }> | undefined) ?? []).map((t) => ({ text: `**${t.subject}** ${t.description}`, thought: true }));
      const text = typeof r.content === 'string' && r.content ? [{ text: r.content }] : [];
      const parts = [...thoughts, ...text, ...calls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } }))];
      out.push({ ...r, content: parts });
      const results = calls.flatMap((c) => c.result ?? []);
      if (results.length) out.push({ id: `${r.id}_response`, timestamp: LATER, type: 'user', content: results });
    }
  }
  return out;
}

const checkpoint = (messages: Rec[], lastUpdated = LATER) => JSON.stringify({ $set: { messages, lastUpdated } });
const sessionContext = { id: SESSION_CONTEXT_ID, timestamp: LATER, type: 'user', content: [{ text: '<session_context>\nThis is the Gemini CLI.\n</session_context>' }] };
const prompt = (id: string, text: string, timestamp = at(60_000)) => JSON.stringify({ id, timestamp, type: 'user', content: [{ text }] });

/** A compression's history: the session context, the model's summary and the CLI's reply, the turns kept. */
function compression(kept: Rec[], n = ''): Rec[] {
  const summary = { id: `summary${n}`, timestamp: LATER, type: 'user', content: [{ text: `Scratchpad first.\n<state_snapshot>\n<overall_goal>GEMINI.md${n}</overall_goal>\n</state_snapshot>` }] };
  const reply = { id: `reply${n}`, timestamp: LATER, type: 'gemini', content: [{ text: 'Got it. Thanks for the additional context!' }] };
  return [sessionContext, summary, reply, ...kept];
}

/** Row 33 as 0.44+ writes it: the chat-start checkpoint, and each answer's tool results as a user record after it. */
function as044(file: string[]): string[] {
  const lastLineOf = new Map<string, number>();
  file.forEach((l, i) => lastLineOf.set((JSON.parse(l) as Rec).id, i));
  return file.flatMap((l, i) => {
    const r = JSON.parse(l) as Rec;
    const results = ((r.toolCalls as Array<{ result?: Part[] }> | undefined) ?? []).flatMap((c) => c.result ?? []);
    if (i === 0) return [l, checkpoint([sessionContext], r.startTime as string)];
    if (r.type !== 'gemini' || lastLineOf.get(r.id) !== i || !results.length) return [l];
    return [l, JSON.stringify({ id: `${r.id}-results`, timestamp: r.timestamp, type: 'user', content: results })];
  });
}

/** The history as a newer model's chat holds it (getHistory): thoughts left out, turns of one role in a row merged. */
function merged(history: Rec[]): Rec[] {
  const out: Rec[] = [];
  for (const r of history) {
    const parts = (r.content as Part[]).filter((p) => p.thought !== true);
    if (!parts.length) continue; // a turn of thoughts only is left out
    const last = out.at(-1);
    if (last?.type === r.type) last.content = [...(last.content as Part[]), ...parts];
    else out.push({ id: r.id, type: r.type, content: parts });
  }
  return out;
}

/** setHistory: every turn written again under a new id, one line each in a row (`gapMs` apart), then the checkpoint of those. */
function rewritten(history: Rec[], from: number, gapMs: number, checkpointAfterMs: number): string[] {
  const copies = history.map((r, i) => ({ ...r, id: `copy-${from + i}`, timestamp: at(from + i * gapMs) }));
  const last = from + (copies.length - 1) * gapMs;
  return [...copies.flatMap((r) => [JSON.stringify(r), JSON.stringify({ $set: { lastUpdated: r.timestamp } })]), checkpoint(copies, at(last + checkpointAfterMs))];
}

async function parse(name: string, file: string[]): Promise<Conversation> {
  return parseMain(writeFileIn(path.join(tmp, name, 'session.jsonl'), [...file, ''].join('\n')));
}

const ids = (c: Conversation) => c.messages.map((m) => m.id);
const lastPromptId = '231038fa-bbfb-4b43-9a30-b8b7fcf54895';

describe('gemini-cli provider: history checkpoints', () => {
  it('a resume repeats the history and the tool results it rebuilds: nothing is added but what is typed after', async () => {
    const before = await parse('plain', lines());
    // The history ends with tool results: the CLI closes the turn with a placeholder (closeUnansweredToolResponseTurn).
    const placeholder = { id: 'placeholder', timestamp: LATER, type: 'gemini', content: [{ text: '[The previous response was interrupted before it completed.]' }] };
    const c = await parse('resume', [...lines(), checkpoint([sessionContext, ...resumedHistory(lines()), placeholder]), prompt('typed-after', 'and now the README')]);
    // The session context is new to this file (row 33 predates it): the CLI's, not typed.
    expect(ids(c)).toEqual([...ids(before), SESSION_CONTEXT_ID, 'placeholder', 'typed-after']);
    expect(c.messages.find((m) => m.id === SESSION_CONTEXT_ID)).toMatchObject({ role: 'system', kind: 'session-context' });
    expect(c.messages.find((m) => m.id === 'placeholder')).toMatchObject({ role: 'system', kind: 'interrupted' });
  });

  it('a compression: its summary and reply are the CLI’s, the turns it keeps are not shown twice, a rewind to a kept one undoes the original', async () => {
    const history = resumedHistory(lines());
    // The last prompt, its answer and the answer's tool results, re-created under new ids.
    const kept: Rec[] = history.slice(history.findIndex((r) => r.id === lastPromptId)).map((r, i) => ({ ...r, id: `kept-${i}`, timestamp: LATER }));
    expect(kept.map((r) => r.type)).toEqual(['user', 'gemini', 'user']);
    expect(kept[0].content).toEqual(records(lines()).find((r) => r.id === lastPromptId)!.content);
    const before = await parse('plain-2', lines());
    const compressed = [...lines(), checkpoint(compression(kept)), prompt('typed-after', 'shorter please')];
    const c = await parse('compressed', compressed);
    expect(ids(c)).toEqual([...ids(before), SESSION_CONTEXT_ID, 'summary', 'reply', 'typed-after']);
    expect(c.messages.filter((m) => ['summary', 'reply'].includes(m.id)).map((m) => [m.role, m.kind])).toEqual([
      ['system', 'compaction-summary'],
      ['system', 'compaction-reply'],
    ]);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual([...before.messages.filter((m) => m.role === 'user').map((m) => m.id), 'typed-after']);

    // `/rewind` to the kept prompt names its new id: the original and what followed are undone.
    const rewound = await parse('rewound', [...compressed, JSON.stringify({ $rewindTo: 'kept-0' })]);
    const marker = rewound.messages.at(-1)!;
    expect(marker.kind).toBe('rewind');
    expect(marker.parentId).toBe('0752be32-e23d-4786-bc5f-e06ee1d8a56c'); // the answer before the undone prompt
  });

  it('masking writes every turn again under new ids, tool output shortened: each is shown once; a later resume of the copies adds nothing', async () => {
    const history = resumedHistory(lines());
    const copies = history.map((r, i) => {
      const masked = r.type === 'user' && (r.content as Part[]).every((p) => p.functionResponse);
      const content = masked ? (r.content as Part[]).map((p) => ({ functionResponse: { ...(p.functionResponse as Part), response: { output: '<tool_output_masked>' } } })) : r.content;
      return { id: `copy-${i}`, timestamp: at(i), type: r.type, content };
    });
    const burst = copies.flatMap((r, i) => [JSON.stringify(r), JSON.stringify({ $set: { lastUpdated: at(i) } })]);
    const before = await parse('plain-3', lines());
    const masked = [...lines(), ...burst, checkpoint(copies, at(copies.length)), prompt('typed-after', 'next')];
    const c = await parse('masked', masked);
    expect(ids(c)).toEqual([...ids(before), 'typed-after']);
    expect(c.messages.some((m) => textOf(m).includes('<tool_output_masked>'))).toBe(false);

    // A copy growing again (its tokens) is still the turn it copies.
    const lastGemini = copies.map((r) => r.type).lastIndexOf('gemini');
    const grown = JSON.stringify({ ...copies[lastGemini], tokens: { input: 1, output: 1, total: 2 } });
    expect(ids(await parse('masked-grown', [...masked, grown]))).toEqual(ids(c));

    const resumed = await parse('masked-resumed', [...masked, checkpoint([...copies, JSON.parse(prompt('typed-after', 'next')) as Rec], at(3_600_000))]);
    expect(ids(resumed)).toEqual(ids(c));
  });

  it('keeps a prompt typed again: the same words after the turn a compression dropped, listed by a later checkpoint', async () => {
    const first = records(lines()).find((r) => r.id === lastPromptId)!;
    const again = JSON.stringify({ ...first, id: 'typed-again', timestamp: at(120_000) });
    const compressed = [...lines(), checkpoint(compression([]))];
    // A failed request's checkpoint a second later: the history so far, the prompt typed again included.
    const cancelled = checkpoint([...compression([]), JSON.parse(again) as Rec], at(121_000));
    const c = await parse('typed-again', [...compressed, again, cancelled]);
    const same = c.messages.filter((m) => m.role === 'user' && textOf(m) === textOf(c.messages.find((x) => x.id === lastPromptId)!));
    expect(same.map((m) => m.id)).toEqual([lastPromptId, 'typed-again']);
  });

  it('turns written minutes apart since the last checkpoint, all a checkpoint lists, are not copies, though one repeats a dropped turn', async () => {
    // A history without the session context (a CLI that does not add one): a failed request's checkpoint lists only what followed the summary.
    const [, summary, reply] = compression([]);
    const again = { ...records(lines()).find((r) => r.id === lastPromptId)!, id: 'typed-again', timestamp: at(60_000) };
    const answer = { id: 'answer-again', timestamp: at(90_000), type: 'gemini', content: 'Done again.' };
    const c = await parse('minutes-apart', [...lines(), checkpoint([summary, reply]), JSON.stringify(again), JSON.stringify(answer), checkpoint([again, answer], at(91_000))]);
    expect(ids(c).slice(-4)).toEqual(['summary', 'reply', 'typed-again', 'answer-again']);
    expect(c.messages.find((m) => m.id === 'typed-again')!.role).toBe('user');
  });

  it('a second compression: its summary is the CLI’s too, though its reply reads as the first one did', async () => {
    const history = resumedHistory(lines());
    const kept: Rec[] = history.slice(history.findIndex((r) => r.id === lastPromptId)).map((r, i) => ({ ...r, id: `kept-${i}`, timestamp: LATER }));
    const answer = { id: 'answer-after', timestamp: at(61_000), type: 'gemini', content: 'Shorter now.' };
    const first = [...lines(), checkpoint(compression(kept)), prompt('typed-after', 'shorter please'), JSON.stringify(answer)];
    const keptAgain = [JSON.parse(prompt('kept-again-0', 'shorter please')) as Rec, { ...answer, id: 'kept-again-1', content: [{ text: 'Shorter now.' }] }];
    const c = await parse('compressed-twice', [...first, checkpoint(compression(keptAgain, '-2'), at(120_000))]);
    expect(ids(c).slice(-7)).toEqual([SESSION_CONTEXT_ID, 'summary', 'reply', 'typed-after', 'answer-after', 'summary-2', 'reply-2']);
    expect(['summary-2', 'reply-2'].map((id) => c.messages.find((m) => m.id === id)!.kind)).toEqual(['compaction-summary', 'compaction-reply']);
  });

  it('masking on a newer model, slow on a long chat: merged copies of every turn, each shown once', async () => {
    const file = as044(lines());
    const before = await parse('plain-044', file);
    // The chat-start checkpoint's session context and the first prompt become one merged turn, as do a tool result and the prompt after it.
    const history = merged(records(file).filter((r) => r.type !== 'info').map((r) => (r.type === 'gemini' ? resumedHistory([JSON.stringify(r)])[0] : r)));
    expect(history.length).toBeLessThan(records(file).filter((r) => r.type !== 'info').length);
    const masked = await parse('masked-044', [...file, ...rewritten(history, 0, 40, 5_000), prompt('typed-after', 'next')]);
    expect(ids(masked)).toEqual([...ids(before), 'typed-after']);
  });

  it('a rewind to a turn a compression kept leaves its summary in the CLI’s history: a masking after it copies that summary, shown once', async () => {
    const history = resumedHistory(lines());
    const kept: Rec[] = history.slice(history.findIndex((r) => r.id === lastPromptId)).map((r, i) => ({ ...r, id: `kept-${i}`, timestamp: LATER }));
    const rewound = [...lines(), checkpoint(compression(kept)), prompt('typed-after', 'shorter please'), JSON.stringify({ $rewindTo: 'kept-0' })];
    const before = await parse('rewound-plain', rewound);
    // What the CLI holds after the rewind (rebuilt from the file: the session context left out): the summary, the reply.
    const c = await parse('rewound-masked', [...rewound, ...rewritten(merged(compression([]).slice(1)), 200_000, 5, 10)]);
    expect(ids(c)).toEqual(ids(before));
  });

  it('masking after a compression and a turn: the copies of the summary, its reply and the kept turns are shown once', async () => {
    const file = as044(lines());
    const history = resumedHistory(lines()); // ids of row 33's records; the last answer's results as the 0.44 record
    const last = history.findIndex((r) => r.id === lastPromptId);
    const kept: Rec[] = history.slice(last).map((r, i) => ({ ...r, id: `kept-${i}`, timestamp: LATER }));
    const answer = { id: 'answer-after', timestamp: at(61_000), type: 'gemini', content: 'Shorter now.' };
    const compressed = [...file, checkpoint(compression(kept)), prompt('typed-after', 'shorter please'), JSON.stringify(answer)];
    const before = await parse('compressed-044', compressed);
    // The CLI's history now: session context, summary, reply, the kept turns, the new turn; merged as a newer model's.
    const now = [...compression(kept), JSON.parse(prompt('typed-after', 'shorter please')) as Rec, { ...answer, content: [{ text: 'Shorter now.' }] }];
    const c = await parse('compressed-masked', [...compressed, ...rewritten(merged(now), 300_000, 5, 10)]);
    expect(ids(c)).toEqual(ids(before));
  });

  it('masking after binary tool output: the acknowledgement and the media turn the CLI adds are copied once, merged or not', async () => {
    // geminiChat.ts: a tool response carrying media is recorded, then a thought-only acknowledgement, then the media as an `info` record.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKElEQVR4nO3NsQ0AAAzCMP5/un0CNkuZ41wybXsHAAAAAAAAAAAAxR4yw/wuPL6QkAAAAABJRU5ErkJggg==';
    const response = { functionResponse: { id: 'read_png', name: 'read_file', response: { output: 'Binary content provided (1 item(s)).' } } };
    const turn: Rec[] = [
      JSON.parse(prompt('look', 'what is in pic.png?')) as Rec,
      { id: 'call', timestamp: at(61_000), type: 'gemini', content: '', toolCalls: [{ id: 'read_png', name: 'read_file', args: { file_path: 'pic.png' }, result: [response], status: 'success' }] },
      { id: 'response', timestamp: at(61_100), type: 'user', content: [response] },
      { id: 'ack', timestamp: at(61_100), type: 'gemini', content: [{ text: 'Binary content received. Proceeding with analysis.', thought: true }] },
      { id: 'media', timestamp: at(61_100), type: 'info', content: [{ inlineData: { mimeType: 'image/png', data: png } }] },
      { id: 'answer', timestamp: at(62_000), type: 'gemini', content: 'A red square.' },
    ];
    const file = [...as044(lines()), ...turn.map((r) => JSON.stringify(r))];
    const before = await parse('binary', file);
    const history = [...records(as044(lines())).filter((r) => r.type !== 'info'), ...turn].map((r) =>
      r.type === 'gemini' ? { ...resumedHistory([JSON.stringify(r)])[0], ...(Array.isArray(r.content) ? { content: r.content } : {}) } : { ...r, type: r.type === 'info' ? 'user' : r.type },
    );
    const older = await parse('binary-masked', [...file, ...rewritten(history, 400_000, 5, 10)]);
    expect(ids(older)).toEqual(ids(before));
    const newer = await parse('binary-masked-merged', [...file, ...rewritten(merged(history), 400_000, 5, 10)]);
    expect(ids(newer)).toEqual(ids(before));
  });
});
