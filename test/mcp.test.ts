/**
 * `dejavu mcp` driven the way agents drive it: the MCP SDK's own client talking to a real
 * `node bin/dejavu.mjs mcp` child over stdio, with DEJAVU_HOME set to an archive built from the
 * real fixtures.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestDocument } from '../shared/digest-contract';
import type { Conversation } from '../shared/record';
import { CLI, dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const BIG = 'codex_019f03e0-321f-7eb2-83cc-b54ecd71be23'; // 583 messages
const CHINESE = 'claude-code_e9f146fa-3b20-48d0-9be4-d99ca901cae4';

describe('dejavu mcp over stdio', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-mcp-'));
  const client = new Client({ name: 'dejavu-test', version: '1.0.0' });
  let stderr = '';

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

  beforeAll(async () => {
    const dirs = readdirSync(FIXTURES_DIR)
      .map((d) => path.join(FIXTURES_DIR, d))
      .filter((d) => statSync(d).isDirectory());
    expect(dejavu(['import', ...dirs], { DEJAVU_HOME: archive }).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: { ...(process.env as Record<string, string>), DEJAVU_HOME: archive },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
    expect(stderr).toBe('');
  });

  it('names itself and lists its read-only tools, each described for a model', async () => {
    expect(client.getServerVersion()?.name).toBe('dejavu');
    expect(client.getInstructions()).toMatch(/read-only/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'files_touched',
      'get_digest',
      'list_conversations',
      'list_plans',
      'read_conversation',
      'read_plan',
      'repository_timeline',
      'search_conversations',
      'usage_report',
    ]);
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(t.description?.length, t.name).toBeGreaterThan(200);
    }
    const search = tools.find((t) => t.name === 'search_conversations')!;
    for (const key of ['agent:', 'workspace:', 'after:', 'before:', 'role:user', 'tool:Bash', 'in:tools']) expect(search.description).toContain(key);
  });

  it('usage_report and files_touched give the same answers as `dejavu usage --json` and `dejavu files --json`', async () => {
    // The MCP child runs in the test's zone; the CLI is asked in the same one.
    const zone = { DEJAVU_HOME: archive, TZ: process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone };
    const mcpUsage = JSON.parse(text(await call('usage_report', { by: 'model', top: 5 }))) as { rows: unknown[]; priceTable: { name: string } };
    expect(mcpUsage.priceTable.name).toBe('@pydantic/genai-prices');
    expect(mcpUsage.rows.length).toBeGreaterThan(3);
    expect(mcpUsage).toEqual(dejavuJson(['usage', '--by', 'model', '--top', '5'], zone));
    const id = 'codex_019dc0d3-6b22-7052-b168-4487a38e0f4d';
    const files = JSON.parse(text(await call('files_touched', { id }))) as { entries: { path: string }[] };
    expect(files.entries.length).toBeGreaterThan(0);
    expect(files).toEqual(dejavuJson(['files', '--conversation', id], zone));
    const neither = await call('files_touched', {});
    expect(neither.isError).toBe(true);
    expect(text(neither)).toContain('give path or id (one of them)');
  });

  it('list_plans, read_plan and repository_timeline give the same answers as `dejavu plans`, `dejavu plan` and `dejavu timeline`', async () => {
    const zone = { DEJAVU_HOME: archive, TZ: process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone };
    const full = JSON.parse(text(await call('list_plans', { query: 'attribution', origin: 'plan-mode', brief: false }))) as { plans: { id: string; text: string }[] };
    expect(full).toEqual(dejavuJson(['plans', 'attribution', '--origin', 'plan-mode'], zone));
    expect(full.plans[0].text).toContain('## Goal');
    const brief = JSON.parse(text(await call('list_plans', { query: 'attribution', origin: 'plan-mode' }))) as { plans: Record<string, unknown>[] };
    expect(brief.plans[0]).not.toHaveProperty('text');
    const md = text(await call('read_plan', { id: full.plans[0].id.slice(0, 8) }));
    expect(md).toBe(dejavu(['plan', full.plans[0].id.slice(0, 8)], zone).stdout);
    const missing = await call('read_plan', { id: 'ffffffff' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('no plan matches "ffffffff"');
    const tl = JSON.parse(text(await call('repository_timeline', { repo: 'agentv', branch: 'main' })));
    expect(tl).toEqual(dejavuJson(['timeline', 'agentv', '--branch', 'main'], zone));
  });

  it('list_conversations filters by agent, workspace, date and text, and pages', async () => {
    const cline = text(await call('list_conversations', { agent: 'cline' }));
    expect(cline).toMatch(/^3 conversation\(s\) match/);
    expect(cline).toContain('cline_Jeehunter__mcp-vscode-server');
    expect(cline).not.toContain('codex_');
    const byWorkspace = text(await call('list_conversations', { workspace: 'agentv', agent: 'codex' }));
    expect(byWorkspace.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(4);
    const byDate = text(await call('list_conversations', { date: '2025-08-28' }));
    expect(byDate).toContain(CHINESE);
    expect(byDate).toMatch(/^1 conversation/);
    const byText = text(await call('list_conversations', { text: '檢查一下 go.mod' }));
    expect(byText).toContain(CHINESE);
    expect(byText).toContain('codex_01996135-afde-7911-97f0-d863511eca56');
    const first = text(await call('list_conversations', { limit: 5 }));
    expect(first).toMatch(/showing 1–5 \(next page: offset=5\)/);
    const second = text(await call('list_conversations', { limit: 5, offset: 5 }));
    expect(second).toMatch(/showing 6–10/);
    const ids = (s: string) => s.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2).split(' · ')[0]);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    const none = await call('list_conversations', { agent: 'no-such-agent' });
    expect(none.isError).toBe(true);
  });

  it('search_conversations finds with snippets and filters, tool output only when asked', async () => {
    const hash = 'ec1f7b22d9e6d3a5605bd1e758e833111b33bb30';
    const without = text(await call('search_conversations', { query: hash }));
    expect(without).toMatch(/^No message matches/);
    expect(without).toContain('in:tools');
    const withTools = text(await call('search_conversations', { query: `${hash} in:tools` }));
    expect(withTools).toMatch(/^1 hit/);
    expect(withTools).toContain('claude-code_a032db5a-df02-44d7-ab1e-fb024213ecc4');
    expect(withTools).toContain(`**${hash}**`);
    expect(withTools).toMatch(/message 5 \(tool, tool output\) · 1 match: /);
    expect(text(await call('search_conversations', { query: hash, include_tool_output: true }))).toMatch(/^1 hit/);
    const chinese = text(await call('search_conversations', { query: '統一成1.23 role:user agent:claude' }));
    expect(chinese).toContain(CHINESE);
    expect(chinese).toMatch(/message 0 \(user\)/);
    const noted = text(await call('search_conversations', { query: 'colour:blue go.mod' }));
    expect(noted).toMatch(/^Notes:\n- "colour:" is not a filter/);
  });

  it('read_conversation pages through a 583-message thread without a flood', async () => {
    const record = dejavuJson<Conversation>(['show', BIG], { DEJAVU_HOME: archive });
    expect(record.messages).toHaveLength(583);
    const seen: number[] = [];
    let from = 0;
    let pages = 0;
    for (;;) {
      const page = text(await call('read_conversation', { id: BIG, from }));
      pages += 1;
      expect(page.length).toBeLessThan(80_000);
      const shown = [...page.matchAll(/^## \[(\d+)\] /gm)].map((m) => Number(m[1]));
      expect(shown[0]).toBe(from);
      seen.push(...shown);
      const next = /call again with from=(\d+)/.exec(page);
      if (!next) {
        expect(page).toMatch(/of 583 \(numbered from 0\)\. This is the last page\./);
        break;
      }
      expect(Number(next[1])).toBe(shown.at(-1)! + 1);
      from = Number(next[1]);
    }
    expect(seen).toEqual(record.messages.map((_, i) => i));
    expect(pages).toBeGreaterThan(583 / 40);
    // The first page carries the facts; a later one says where it is.
    const first = text(await call('read_conversation', { id: BIG, limit: 2 }));
    expect(first).toContain('- **Agent:** Codex CLI');
    expect(first).toContain('> Messages 0–1 of 583 (numbered from 0). More follow: call again with from=2.');
    const past = text(await call('read_conversation', { id: BIG, from: 9_999 }));
    expect(past).toContain('from=9999 is past the last message: there are 583 (numbered 0–582).');
  });

  it('read_conversation shows what the person typed, by unique id prefix', async () => {
    const page = text(await call('read_conversation', { id: 'claude-code_e9f146fa', limit: 1 }));
    expect(page).toContain('## [0] User');
    expect(page).toContain('幫我檢查一下 go.mod 裡面 為何 go版本是 1.23');
  });

  it('get_digest answers the digest contract, the same JSON as dejavu digest --json', async () => {
    const record = dejavuJson<Conversation>(['show', CHINESE], { DEJAVU_HOME: archive });
    const digest = JSON.parse(text(await call('get_digest', { id: CHINESE }))) as DigestDocument;
    expect(digest).toEqual(dejavuJson<DigestDocument>(['digest', CHINESE], { DEJAVU_HOME: archive }));
    expect(digest.schema_version).toBe(1);
    expect(digest.identity.id).toBe(CHINESE);
    expect(digest.counts.messages).toBe(record.messages.length);
    expect(digest.counts.prompts).toBe(record.messages.filter((m) => m.role === 'user').length);
    expect(digest.firstPrompt).toBeTruthy();
  });

  it('returns an unknown or ambiguous id as a tool error, and keeps serving', async () => {
    for (const name of ['read_conversation', 'get_digest']) {
      const r = await call(name, { id: 'no-such-conversation' });
      expect(r.isError, name).toBe(true);
      expect(text(r)).toMatch(/^no conversation matches "no-such-conversation"\. Find ids with list_conversations/);
    }
    const ambiguous = await call('get_digest', { id: 'codex_' });
    expect(ambiguous.isError).toBe(true);
    expect(text(ambiguous)).toMatch(/matches several conversations/);
    const bad = await call('read_conversation', { id: BIG, from: -1 });
    expect(bad.isError).toBe(true);
    expect(text(await call('list_conversations', { limit: 1 }))).toMatch(/conversation\(s\) match/);
  });

  it('offers conversations as dejavu://conversation/<id> resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThan(60);
    const chinese = resources.find((r) => r.uri === `dejavu://conversation/${CHINESE}`);
    expect(chinese?.mimeType).toBe('text/markdown');
    const read = await client.readResource({ uri: `dejavu://conversation/${CHINESE}` });
    const body = read.contents[0] as { text: string; mimeType: string };
    expect(body.mimeType).toBe('text/markdown');
    expect(body.text).toContain('幫我檢查一下 go.mod');
    expect(body.text).toContain(`- **Conversation:** ${CHINESE}`);
    await expect(client.readResource({ uri: 'dejavu://conversation/no-such-conversation' })).rejects.toThrow(/no conversation matches/);
  });
});
