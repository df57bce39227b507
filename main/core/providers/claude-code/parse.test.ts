/**
 * The Claude Code provider against the real fixtures and the facts counted for them
 * independently in ../shared/fixtures/PROVENANCE.md. Focused cases use temp files built only
 * from lines of those real files (copied, repeated, cut or with one field changed).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message, Part } from '../../../../shared/record';
import { type FixtureFacts } from '../../../../test/provenance';
import { fileParseContext } from '../../capture/parse-context';
import { readHead } from '../../capture/read-lines';
import { conversationId, subConversationId } from '../kit/identity';
import { claudeCodeProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';

const { rows: FACTS, tmp } = providerUnderTest(claudeCodeProvider);

/**
 * Through the real ParseContext. Five Entire-checkpoint fixtures end without a newline after
 * their last record; fileParseContext yields such a tail when it is already whole JSON.
 */
async function parse(filePath: string): Promise<Conversation[]> {
  return claudeCodeProvider.parse(fileParseContext(filePath));
}

const partsOf = (messages: Message[]): Part[] => messages.flatMap((m) => m.parts);
const texts = (messages: Message[]): number =>
  partsOf(messages).filter((p) => p.type === 'text' && p.content.trim() !== '').length;
const toolCalls = (messages: Message[]): number => partsOf(messages).filter((p) => p.type === 'tool_call').length;
const toolErrors = (messages: Message[]): number =>
  partsOf(messages).filter((p) => p.type === 'tool_call_response' && p.isError === true).length;
/** Assistant messages Claude Code wrote itself (model `<synthetic>`): API errors, "No response requested". */
const isSynthetic = (m: Message): boolean => m.kind === 'api-error' || m.kind === 'synthetic';

function writeLines(name: string, lines: string[], trailingNewline = true): string {
  const file = path.join(tmp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n') + (trailingNewline ? '\n' : ''));
  return file;
}

function linesOf(filePath: string): string[] {
  return readFileSync(filePath, 'utf8').split('\n').filter((line) => line !== '');
}

function fact(f: FixtureFacts, key: string): number {
  const value = f.other[key];
  if (value === undefined) throw new Error(`PROVENANCE row ${f.n} has no ${key}`);
  return Number(value);
}

describe('claude-code fixtures match the counted facts', () => {
  it('covers all 21 claude-code fixtures', () => {
    expect(FACTS.length).toBe(21);
  });

  for (const f of FACTS) {
    it(`#${f.n} ${f.file.split('/').slice(0, 2).join('/')}`, async () => {
      const conversations = await parse(f.absPath);
      // Subagents streamed as agent_progress are their own conversations, counted apart (agent-progress.test.ts).
      const [main, ...sidechains] = conversations.filter((c) => !STREAMED.test(c.nativeId));
      const mainAssistant = main.messages.filter((m) => m.role === 'assistant');

      // The facts count user records; a prompt taken in from the typed-ahead queue is apart (queue.test.ts).
      expect(main.messages.filter((m) => m.role === 'user' && m.kind !== 'queued').length, 'typed prompts').toBe(f.prompts);
      // The facts leave `<synthetic>` texts out of "assistant texts" and count them apart.
      expect(texts(mainAssistant.filter((m) => !isSynthetic(m))), 'assistant texts').toBe(f.assistantTexts);
      expect(texts(mainAssistant.filter(isSynthetic)), 'synthetic texts').toBe(fact(f, 'synthetic_asst_text'));
      expect(toolCalls(main.messages), 'tool calls').toBe(f.toolCalls);
      expect(main.messages.filter((m) => m.kind === 'slash-command').length, 'slash commands').toBe(fact(f, 'slash_cmds'));
      // tool_errors counts every is_error result in the file, sidechains included.
      expect(toolErrors(conversations.flatMap((c) => c.messages)), 'tool errors').toBe(fact(f, 'tool_errors'));

      // `sidechain u` counts the user text records of sidechains: the task the parent agent
      // wrote. They are not the person's prompts, so they are system 'subagent-task' here
      // (plus role user, which must stay 0 in sidechains).
      const [su, sa, st] = f.other['sidechain u/a/t'].split('/').map(Number);
      const side = sidechains.flatMap((c) => c.messages);
      expect(side.filter((m) => m.role === 'user').length, 'typed prompts in sidechains').toBe(0);
      expect(side.filter((m) => m.kind === 'subagent-task').length, 'sidechain tasks').toBe(su);
      expect(sidechains.length, 'one conversation per sidechain task').toBe(su);
      expect(texts(side.filter((m) => m.role === 'assistant')), 'sidechain assistant texts').toBe(sa);
      expect(toolCalls(side), 'sidechain tool calls').toBe(st);

      expect(main.agentVersion).toBe(f.other.versions);
      expect(main.warnings).toEqual([]);
      for (const c of conversations) checkInvariants(c, f.absPath);
    });
  }
});

/** A subagent conversation made from agent_progress records: `<session>.agent-<agentId>` out of a main transcript. */
const STREAMED = /\.agent-[0-9a-f]+$/;

function checkInvariants(c: Conversation, filePath: string): void {
  const ids = new Set(c.messages.map((m) => m.id));
  expect(ids.size, 'message ids unique').toBe(c.messages.length);
  for (const m of c.messages) {
    if (m.parentId !== undefined) expect(ids.has(m.parentId), `parent of ${m.id} is in the conversation`).toBe(true);
    if (m.role === 'system') expect(m.kind, `system message ${m.id} has a kind`).toBeTruthy();
    expect(m.source).toBe(0);
    expect(m.native && m.native.length > 0).toBe(true);
  }
  expect(c.models).not.toContain('<synthetic>');
  expect(c.sourcePath).toBe(filePath);
  expect(c.sources).toEqual([filePath]);
  expect(c.agent).toBe('claude-code');
  expect(c.instance).toBe('host');
  if (c.parentId === undefined) expect(c.id).toBe(conversationId('claude-code', c.nativeId));
}

const byFile = (suffix: string): FixtureFacts => {
  const f = FACTS.find((x) => x.file.includes(suffix));
  if (!f) throw new Error(`no fixture ${suffix}`);
  return f;
};

describe('claude-code record handling', () => {
  it('merges the split records of one API message and links children to the merged message', async () => {
    // c9/883595c929: lines 4-5 are one API message (thinking, tool_use); line 7 answers line 5.
    const file = byFile('c9/883595c929').absPath;
    const raw = linesOf(file).map((l) => JSON.parse(l));
    const [main] = await parse(file);
    const merged = main.messages.find((m) => m.id === raw[3].uuid);
    expect(merged?.parts.map((p) => p.type)).toEqual(['reasoning', 'tool_call']);
    expect(merged?.native?.split('\n').length).toBe(2);
    expect(main.messages.some((m) => m.id === raw[4].uuid)).toBe(false);
    const result = main.messages.find((m) => m.id === raw[6].uuid);
    expect(raw[6].parentUuid).toBe(raw[4].uuid);
    expect(result?.role).toBe('tool');
    expect(result?.parentId).toBe(raw[3].uuid);
  });

  it('counts usage once per API message id (the last record seen)', async () => {
    for (const f of FACTS) {
      const expected = { input: 0, output: 0 };
      const last = new Map<string, { input_tokens?: number; output_tokens?: number }>();
      const seen = new Set<string>();
      for (const line of linesOf(f.absPath)) {
        const r = JSON.parse(line);
        if (r.uuid) {
          if (seen.has(r.uuid)) continue;
          seen.add(r.uuid);
        }
        if (r.type === 'assistant' && r.message?.usage) last.set(r.message.id ?? r.uuid, r.message.usage);
        // A subagent's assistant message streamed into the transcript (agent-progress.ts) is its spend too.
        const streamed = r.type === 'progress' && r.data?.type === 'agent_progress' ? r.data.message : undefined;
        if (streamed?.type === 'assistant' && streamed.message?.usage) last.set(streamed.message.id ?? streamed.uuid, streamed.message.usage);
      }
      for (const u of last.values()) {
        expected.input += u.input_tokens ?? 0;
        expected.output += u.output_tokens ?? 0;
      }
      const conversations = await parse(f.absPath);
      const got = { input: 0, output: 0 };
      for (const c of conversations) {
        got.input += c.usage?.inputTokens ?? 0;
        got.output += c.usage?.outputTokens ?? 0;
      }
      expect(got, `#${f.n}`).toEqual(expected);
    }
  });

  it('de-duplicates repeated records (a file concatenated with itself reads the same)', async () => {
    const f = byFile('f2/ad525b80cd');
    const lines = linesOf(f.absPath);
    const doubled = writeLines('doubled/session.jsonl', [...lines, ...lines]);
    const [once] = await parse(f.absPath);
    const [twice] = await parse(doubled);
    expect(twice.messages.length).toBe(once.messages.length);
    expect(twice.messages.map((m) => m.id)).toEqual(once.messages.map((m) => m.id));
    expect(twice.usage).toEqual(once.usage);
    expect(twice.messages.filter((m) => m.role === 'user').length).toBe(f.prompts);
    expect(toolCalls(twice.messages)).toBe(f.toolCalls);
  });

  it('skips a malformed line with a warning and keeps the rest', async () => {
    const f = byFile('1af7fc5e');
    const lines = linesOf(f.absPath);
    // Line 10 is a tool_result record of its own; cut it in half.
    const target = lines.findIndex((l, i) => i >= 9 && l.includes('"tool_result"'));
    const broken = [...lines];
    broken[target] = lines[target].slice(0, Math.floor(lines[target].length / 2));
    const file = writeLines('broken/session.jsonl', broken);
    const [original] = await parse(f.absPath);
    const [main] = await parse(file);
    expect(main.warnings.length).toBe(1);
    expect(main.warnings[0].line).toBe(target + 1);
    expect(main.messages.length).toBe(original.messages.length - 1);
    expect(main.messages.filter((m) => m.role === 'user').length).toBe(f.prompts);
    expect(toolCalls(main.messages)).toBe(f.toolCalls);
  });

  it('leaves a half-written last line for the next read, and warns about a cut line that ended', async () => {
    const f = byFile('1af7fc5e');
    const lines = linesOf(f.absPath);
    const cut = [...lines.slice(0, -1), lines[lines.length - 1].slice(0, 40)];
    const [original] = await parse(f.absPath);
    const pending = await parse(writeLines('pending/session.jsonl', cut, false));
    expect(pending[0].warnings).toEqual([]);
    expect(pending[0].messages.length).toBe(original.messages.length - 1);
    const ended = await parse(writeLines('ended/session.jsonl', cut, true));
    expect(ended[0].warnings.map((w) => w.line)).toEqual([lines.length]);
    expect(ended[0].messages.length).toBe(original.messages.length - 1);
  });

  it('keeps an unknown record type as a generic system message with one warning', async () => {
    const f = byFile('3f/c8a587fcc7');
    const lines = linesOf(f.absPath);
    // Real permission-mode records, renamed to a type this parser does not know.
    const renamed = lines.map((l) => l.replace('"type":"permission-mode"', '"type":"future-record"'));
    expect(renamed).not.toEqual(lines);
    const [main] = await parse(writeLines('unknown/session.jsonl', renamed));
    const unknown = main.messages.filter((m) => m.kind === 'future-record');
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown[0].role).toBe('system');
    expect(unknown[0].parts[0]).toMatchObject({ type: 'generic', kind: 'future-record' });
    expect(main.warnings.length).toBe(1);
    expect(main.warnings[0].message).toContain('future-record');
  });

  it('keeps the texts Claude Code writes into user records itself as system messages', async () => {
    // Real records of fixture #12 (v2.1.101): the isMeta caveat and a typed prompt. Each
    // harness text below goes into a copy of the typed prompt, as Claude Code 2.1.x writes it:
    // processSlashCommand's answers to an unknown or malformed slash command or a skill the person
    // may not invoke, the Skill tool's loading line for a model-only skill, a tick, a teammate's mail.
    const lines = linesOf(byFile('a9/139b2b27ad').absPath);
    const caveat = JSON.parse(lines.find((l) => l.includes('"isMeta":true') && l.includes('<local-command-caveat>'))!);
    const typed = JSON.parse(lines.find((l) => l.includes('"content":"update readme to include'))!);
    const harness: Array<[string, string]> = [
      ['Unknown skill: entire:serch', 'unknown-command'],
      ['Unknown slash command: test/hello', 'unknown-command'],
      ['Unknown command: /swarm. Did you mean /share?', 'unknown-command'],
      ['Commands are in the form `/command [args]`', 'unknown-command'],
      ['This skill can only be invoked by Claude, not directly by users. Ask Claude to use the "explain" skill for you.', 'skill-not-invocable'],
      ['<command-message>explain</command-message>\n<command-name>explain</command-name>\n<skill-format>true</skill-format>', 'skill-loading'],
      // What Claude Code's own prompt picker (MessageSelector) leaves out as not the person's.
      ['<tick>14:02:11</tick>', 'tick'],
      ['<teammate-message teammate_id="researcher" summary="done">Found three callers.</teammate-message>', 'teammate-message'],
    ];
    // What a person might type that starts the same way stays a typed prompt.
    const prompts = ['Unknown skill: what does this error mean when I run /deploy?', 'This skill can only do one thing'];
    const records = [caveat];
    [...harness.map(([text]) => text), ...prompts].forEach((content, i) => {
      records.push({ ...typed, uuid: `harness-${i}`, message: { role: 'user', content } });
    });
    const [main] = await parse(writeLines('harness/session.jsonl', records.map((r) => JSON.stringify(r))));
    const byUuid = (uuid: string) => main.messages.find((m) => m.id === uuid);
    harness.forEach(([text, kind], i) => {
      expect(byUuid(`harness-${i}`), text).toMatchObject({ role: 'system', kind });
    });
    prompts.forEach((text, i) => {
      expect(byUuid(`harness-${harness.length + i}`), text).toMatchObject({ role: 'user' });
    });
    expect(main.messages.filter((m) => m.role === 'user').length).toBe(prompts.length);
  });

  it('keeps compaction as system messages and continues after them', async () => {
    const [main] = await parse(byFile('a6/e4c2a0fbd1').absPath);
    const boundary = main.messages.findIndex((m) => m.kind === 'compact_boundary');
    expect(boundary).toBeGreaterThan(0);
    expect(main.messages[boundary].role).toBe('system');
    // The boundary restarts the chain; it links back through logicalParentUuid.
    expect(main.messages[boundary].parentId).toBeDefined();
    const summary = main.messages.find((m) => m.kind === 'compaction-summary');
    expect(summary?.role).toBe('system');
    expect(main.messages.slice(boundary + 1).some((m) => m.role === 'assistant')).toBe(true);
  });

  it('reads pasted images and images inside tool results as blobs', async () => {
    const [pasted] = await parse(byFile('ee/7e610ffc3f').absPath);
    const userBlobs = partsOf(pasted.messages.filter((m) => m.role === 'user')).filter((p) => p.type === 'blob');
    expect(userBlobs.length).toBeGreaterThan(0);
    expect(userBlobs[0]).toMatchObject({ modality: 'image', mimeType: 'image/png' });
    const [tool] = await parse(byFile('3f/c8a587fcc7').absPath);
    const toolBlobs = partsOf(tool.messages.filter((m) => m.role === 'tool')).filter((p) => p.type === 'blob');
    expect(toolBlobs.length).toBe(1);
    expect(toolBlobs[0]).toMatchObject({ modality: 'image', mimeType: 'image/png' });
  });

  it('fills the conversation fields', async () => {
    const f = byFile('fe5e1c67');
    const [main, ...sidechains] = await parse(f.absPath);
    expect(main.nativeId).toBe('fe5e1c67-53e7-4862-81ae-d0e013e3270b');
    expect(main.id).toBe(conversationId('claude-code', main.nativeId));
    expect(main.cwd).toBe('/path/to/Demo');
    expect(main.workspace).toBe('Demo');
    expect(main.models.length).toBeGreaterThan(0);
    expect(main.startedAt! <= main.endedAt!).toBe(true);
    // The leading summary record describes a leaf in another file: kept as a message, not the title.
    expect(main.messages[0]).toMatchObject({ role: 'system', kind: 'summary' });
    expect(main.title).toBe('Thanks! Please update CLAUDE.md for current changes');
    for (const side of sidechains) {
      expect(side.parentId).toBe(main.id);
      expect(side.relation).toBe('subagent');
      expect(side.id.startsWith('claude-code_')).toBe(true);
      expect(side.parentToolCallId).toMatch(/^toolu_/);
      expect(side.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    }
    expect(new Set(sidechains.map((s) => s.parentToolCallId)).size).toBe(sidechains.length);
    expect(claudeCodeProvider.resumeCommand(main)).toEqual({
      command: 'claude --resume fe5e1c67-53e7-4862-81ae-d0e013e3270b',
      cwd: '/path/to/Demo',
    });
    expect(claudeCodeProvider.resumeCommand(sidechains[0])).toBeUndefined();
  });

  it('reads a separate subagent file as one subagent conversation', async () => {
    // No real agent-*.jsonl was found. Build one from the real sidechain records of fixture #2
    // (one Task subagent's chain), adding the agentId field subagent files carry.
    const f = byFile('5c0375b4');
    const records = linesOf(f.absPath).map((l) => JSON.parse(l));
    const root = records.find((r) => r.isSidechain && r.parentUuid === null);
    const chain = new Set<string>([root.uuid]);
    const lines: string[] = [];
    for (const r of records) {
      if (!r.isSidechain || !(r.uuid === root.uuid || chain.has(r.parentUuid))) continue;
      chain.add(r.uuid);
      lines.push(JSON.stringify({ ...r, agentId: 'a1b2c3d4' }));
    }
    const session = root.sessionId as string;
    const file = writeLines(`projects/p/${session}/subagents/agent-a1b2c3d4.jsonl`, lines);
    const conversations = await parse(file);
    expect(conversations.length).toBe(1);
    const [agent] = conversations;
    expect(agent.parentId).toBe(conversationId('claude-code', session));
    expect(agent.relation).toBe('subagent');
    expect(agent.id).toBe(subConversationId('claude-code', session, 'agent-a1b2c3d4'));
    expect(agent.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(agent.messages.filter((m) => m.role === 'user').length).toBe(0);
    expect(toolCalls(agent.messages)).toBeGreaterThan(0);
    expect(agent.title).toBeTruthy();
  });
});

describe('claude-code detect', () => {
  it('claims a file whose first record is longer than the sample', async () => {
    const f = byFile('ee/7e610ffc3f');
    const head = (await readHead(f.absPath, 1 << 20)).split('\n').find((l) => l.length > 64 * 1024);
    expect(head).toBeDefined();
    expect(claudeCodeProvider.detect({ path: f.absPath, head: head!.slice(0, 64 * 1024) })).toBe(true);
  });
});

describe('claude-code locate', () => {
  it('finds session and subagent files under projects/ only', async () => {
    const home = path.join(tmp, 'home');
    const project = path.join(home, '.claude', 'projects', '-work-app');
    const sample = FACTS[0].absPath;
    const put = (p: string, text = readFileSync(sample, 'utf8')) => {
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, text);
    };
    put(path.join(project, 's1.jsonl'));
    put(path.join(project, 'agent-old.jsonl'));
    put(path.join(project, 's1', 'subagents', 'agent-new.jsonl'));
    put(path.join(project, 's1', 'tool-results', 'x.txt'), 'output');
    put(path.join(home, '.claude', '.credentials.json'), '{}');
    put(path.join(home, '.claude', 'history.jsonl'), '{}');
    // A project folder kept elsewhere and linked back is followed (safe-walk.ts): its sessions are the person's.
    const outside = path.join(tmp, 'outside');
    put(path.join(outside, 'moved.jsonl'));
    symlinkSync(outside, path.join(home, '.claude', 'projects', 'linked'));
    const found = await claudeCodeProvider.locate(home);
    expect(found).toEqual(
      [
        path.join(project, 'agent-old.jsonl'),
        path.join(project, 's1', 'subagents', 'agent-new.jsonl'),
        path.join(project, 's1.jsonl'),
        path.join(home, '.claude', 'projects', 'linked', 'moved.jsonl'),
      ].sort(),
    );
    expect(await claudeCodeProvider.locate(path.join(tmp, 'no-home'))).toEqual([]);
  });
});

