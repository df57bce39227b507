import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { counts, eachRow, parts, providerUnderTest, writeFileIn } from '../../../../test/provider-kit';
import { clineProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';

const kit = providerUnderTest(clineProvider);
const { rows, tmp } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);

type RawEntry = { type: string; say?: string; ask?: string; text?: string; partial?: boolean };
const raw = (file: string): RawEntry[] => JSON.parse(readFileSync(file, 'utf8')) as RawEntry[];
const kindOf = (e: RawEntry): string | undefined => (e.type === 'say' ? e.say : e.ask);

/**
 * The PROVENANCE rule counts assistant text as `say:text` / `say:completion_result`. The
 * person also read the assistant's questions (`ask:followup` {question}) and plan-mode
 * answers (`ask:plan_mode_respond` {response}) — the model said them through a tool — so
 * they are assistant text here too. Counted from the raw file, independently of the parser.
 */
function spokenAsks(entries: RawEntry[]): number {
  return entries.filter((e) => {
    if (e.type !== 'ask' || e.partial) return false;
    const field = e.ask === 'followup' ? 'question' : e.ask === 'plan_mode_respond' || e.ask === 'act_mode_respond' ? 'response' : undefined;
    if (!field) return false;
    try {
      return String((JSON.parse(e.text ?? '') as Record<string, unknown>)[field] ?? '').trim() !== '';
    } catch {
      return false;
    }
  }).length;
}

eachRow(rows, { exactly: 3 }, 'cline provider: its asks, browser steps and api requests', async (row) => {
  const entries = raw(row.absPath);
  const c = await parseMain(row.absPath);
  // say:browser_action (each browser step is its own model tool call) is a call too; none here.
  const browserSteps = entries.filter((e) => kindOf(e) === 'browser_action' && !e.partial).length;
  expect(counts(c)).toEqual({ typed: row.prompts, texts: row.assistantTexts + spokenAsks(entries), calls: row.toolCalls + browserSteps });
  expect(entries.length).toBe(Number(row.other.entries));
  expect(c.messages.filter((m) => m.kind === 'api-request').length).toBe(Number(row.other.api_req_started));
});

describe('cline provider: conversation shape', () => {
  const fineye = rows.find((r) => r.file.includes('fineye'))!.absPath;
  const jeehunter = rows.find((r) => r.file === 'cline/Jeehunter__mcp-vscode-server/ui_messages.json')!.absPath;

  it('gives commands their output and MCP calls their server response (joined to their calls: conformance suite)', async () => {
    const c = await parseMain(jeehunter);
    // Commands get their output; MCP calls their server response.
    expect(parts(c, 'tool').length).toBeGreaterThan(25);
  });

  it('fills the conversation fields (fineye task)', async () => {
    const c = await parseMain(fineye);
    expect(c).toMatchObject({ agent: 'cline', nativeId: 'haram-333__fineye', id: 'cline_haram-333__fineye', sources: [fineye] });
    expect(c).toMatchObject({ cwd: 'c:/Users/Haram/Desktop/flutter_application_1', workspace: 'flutter_application_1', title: 'yo wassup', startedAt: '2026-01-05T20:28:19.093Z' });
    expect(c.endedAt! > c.startedAt!).toBe(true);
    expect(c.models).toContain('x-ai/grok-code-fast-1');
    expect(c.usage?.inputTokens).toBeGreaterThan(0);
    // Every message keeps its record under an id of its own: conformance suite.
  });

  it('keeps pasted images as blobs, reasoning as reasoning, api errors and resumes as system', async () => {
    const c = await parseMain(fineye);
    const blobs = parts(c, 'user').filter((p) => p.type === 'blob');
    expect(blobs.length).toBe(4);
    expect(blobs.every((p) => p.type === 'blob' && p.mimeType === 'image/png' && p.content.startsWith('iVBOR'))).toBe(true);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning').length).toBe(24);
    const kinds = c.messages.filter((m) => m.role === 'system').map((m) => m.kind);
    expect(kinds.filter((k) => k === 'api-error').length).toBe(6);
    expect(kinds.filter((k) => k === 'resume').length).toBe(9);
    // Streaming fragments left empty are not messages.
    expect(c.messages.some((m) => m.role === 'assistant' && m.parts.length === 0)).toBe(false);
  });
});

describe('cline provider: damaged and unusual files', () => {
  const fineye = rows.find((r) => r.file.includes('fineye'))!.absPath;
  const text = readFileSync(fineye, 'utf8');

  const taskFile = (name: string, content: string): string => writeFileIn(path.join(tmp, name, 'ui_messages.json'), content);

  it('skips a broken entry with a warning and keeps the rest', async () => {
    // Break the second user_feedback entry: drop the comma after its "say" value.
    const at = text.indexOf('"say": "user_feedback"', text.indexOf('"say": "user_feedback"') + 1);
    const broken = `${text.slice(0, at)}"say": "user_feedback" ${text.slice(at + '"say": "user_feedback",'.length)}`;
    const c = await parseMain(taskFile('broken', broken));
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0].message).toMatch(/Unreadable entry/);
    expect(c.warnings[0].line).toBe(text.slice(0, at).split('\n').length - 3);
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(14);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call').length).toBe(15);
  });

  it('keeps the entries of a file cut short, with a warning', async () => {
    const c = await parseMain(taskFile('cut', text.slice(0, Math.floor(text.length / 2))));
    expect(c.warnings.map((w) => w.message).join()).toMatch(/cut short/);
    expect(c.messages.filter((m) => m.role === 'user').length).toBeGreaterThan(3);
  });

  it('keeps unknown kinds as generic messages with one warning naming them', async () => {
    const entries = JSON.parse(text) as unknown[];
    entries.push({ ts: 1767648500000, type: 'say', say: 'brand_new_kind', text: 'x' }, { ts: 1767648500001, type: 'ask', ask: 'brand_new_ask', text: 'y' });
    const c = await parseMain(taskFile('unknown', JSON.stringify(entries)));
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0].message).toContain('say:brand_new_kind');
    expect(c.warnings[0].message).toContain('ask:brand_new_ask');
    expect(c.messages.filter((m) => m.kind === 'unknown' && m.parts[0].type === 'generic').length).toBe(2);
  });

  it('takes tool-call ids, arguments and results from api_conversation_history.json when present', async () => {
    // Minimal task per cline/cline apps/vscode/src/shared/messages/content.ts (ClineStorageMessage,
    // Anthropic tool_use / tool_result blocks) and ExtensionMessage.ts (conversationHistoryIndex).
    const ui = [
      { ts: 1760000000000, type: 'say', say: 'text', text: 'list the files', conversationHistoryIndex: -1 },
      { ts: 1760000000100, type: 'say', say: 'api_req_started', text: JSON.stringify({ request: 'list the files', tokensIn: 10, tokensOut: 5 }), conversationHistoryIndex: -1 },
      { ts: 1760000000200, type: 'say', say: 'tool', text: JSON.stringify({ tool: 'listFilesTopLevel', path: '.', content: 'a.ts' }), conversationHistoryIndex: 0 },
      { ts: 1760000000300, type: 'say', say: 'completion_result', text: 'There is one file.', conversationHistoryIndex: 2 },
    ];
    const api = [
      { role: 'user', content: [{ type: 'text', text: '<task>list the files</task>' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'list_files', input: { path: '.' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'a.ts' }] }] },
      { role: 'assistant', content: [{ type: 'text', text: 'There is one file.' }] },
    ];
    const file = taskFile('with-api', JSON.stringify(ui));
    writeFileSync(path.join(path.dirname(file), 'api_conversation_history.json'), JSON.stringify(api));
    const c = await parseMain(file);
    const call = parts(c).find((p) => p.type === 'tool_call');
    expect(call).toEqual({ type: 'tool_call', id: 'toolu_01', name: 'list_files', arguments: '{"path":"."}' });
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'toolu_01', response: 'a.ts' }]);
    expect(c.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
  });

  it('returns nothing for an empty file', async () => {
    expect(await clineProvider.parse(fileParseContext(taskFile('empty', '')))).toEqual([]);
  });
});

describe('cline provider: detect, locate, resume', () => {

  it('finds task files in editor globalStorage and ~/.cline/data, never settings or secrets', async () => {
    const home = path.join(tmp, 'home');
    const tasks = [
      path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1760000000000'),
      path.join(home, 'Library', 'Application Support', 'Cursor', 'User', 'globalStorage', 'rooveterinaryinc.roo-cline', 'tasks', '1760000000001'),
      path.join(home, 'AppData', 'Roaming', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1760000000002'),
      path.join(home, '.vscode-server', 'data', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1760000000003'),
      path.join(home, '.cline', 'data', 'tasks', '1760000000004'),
    ];
    for (const dir of tasks) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'ui_messages.json'), '[]');
      writeFileSync(path.join(dir, 'api_conversation_history.json'), '[]');
      writeFileSync(path.join(dir, 'task_metadata.json'), '{}');
    }
    writeFileSync(path.join(home, '.cline', 'data', 'secrets.json'), '{}');
    mkdirSync(path.join(home, '.cline', 'data', 'tasks', 'no-ui'), { recursive: true });
    // A task that kept only what was sent to the model is found by that file.
    const apiOnly = path.join(home, '.cline', 'data', 'tasks', '1760000000005');
    mkdirSync(apiOnly, { recursive: true });
    writeFileSync(path.join(apiOnly, 'api_conversation_history.json'), '[]');
    const ext = path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev');
    mkdirSync(path.join(ext, 'settings'), { recursive: true });
    writeFileSync(path.join(ext, 'settings', 'cline_mcp_settings.json'), '{}');
    const found = await clineProvider.locate(home);
    expect(found.sort()).toEqual([...tasks.map((d) => path.join(d, 'ui_messages.json')), path.join(apiOnly, 'api_conversation_history.json')].sort());
    expect(await clineProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('has no resume command (tasks reopen from the editor)', async () => {
    expect(clineProvider.resumeCommand(await parseMain(rows[0].absPath))).toBeUndefined();
  });
});
