/**
 * How a linked conversation relates to its parent, as every list says it (the index's relation
 * column, migration 007): a Hermes session that goes on after a compression (a state.db built
 * from Hermes' schema, test/hermes-store.ts; no real store exists) "continues" the one before in
 * `dejavu list`, the MCP one-line summary, `dejavu usage` and the timeline, where only the
 * delegated subagent is rolled into its parent.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TimelineAnswer } from '../shared/timeline';
import type { UsageReport } from '../shared/usage';
import type { ArchivedSummary } from '../shared/views';
import { CLI, dejavu, dejavuJson } from './cli';
import { CHAIN, writeCompressionChain } from './hermes-store';

const { before: BEFORE, delegate: DELEGATE, after: AFTER } = CHAIN;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-relation-views-'));
const env = { HOME: path.join(tmp, 'home'), DEJAVU_HOME: path.join(tmp, 'archive'), HERMES_HOME: '', TZ: 'UTC' };

beforeAll(() => {
  writeCompressionChain(env.HOME);
  const synced = dejavu(['sync', '--no-evict'], env);
  expect(synced.stderr).toBe('');
  expect(synced.code).toBe(0);
});

describe('a Hermes continuation in every list', () => {
  it('dejavu list marks it "continues", and the subagent as a subagent', () => {
    const listed = dejavuJson<ArchivedSummary[]>(['list'], env);
    expect(listed.map((c) => [c.id, c.relation ?? null]).sort()).toEqual([
      [`hermes_${AFTER}`, 'continuation'],
      [`hermes_${BEFORE}`, null],
      [`hermes_${DELEGATE}`, 'subagent'],
    ].sort());
    const text = dejavu(['list'], env).stdout;
    expect(text).toContain('↳ (continues) Fix the failing build #2');
    expect(text).toContain('↳ (untitled)');
    expect(text).not.toContain('(subagent)');
  });

  it('the MCP one-line summary says "continues" its parent', async () => {
    const client = new Client({ name: 'dejavu-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { ...(process.env as Record<string, string>), ...env } }));
    try {
      const r = (await client.callTool({ name: 'list_conversations', arguments: {} })) as CallToolResult;
      const lines = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('').split('\n');
      expect(lines.find((l) => l.includes(`hermes_${AFTER} ·`))).toMatch(new RegExp(` · continues hermes_${BEFORE}$`));
      expect(lines.find((l) => l.includes(`hermes_${DELEGATE} ·`))).toMatch(new RegExp(` · subagent of hermes_${BEFORE}$`));
    } finally {
      await client.close();
    }
  });

  it('dejavu usage rolls only the subagent into its parent; the continuation is listed as one', () => {
    const report = dejavuJson<UsageReport>(['usage', '--by', 'agent'], env);
    const byId = new Map(report.topConversations.map((c) => [c.id, c]));
    expect(byId.get(`hermes_${BEFORE}`)).toMatchObject({ subagents: 1, withSubagents: { tokens: { total: 1320 } } });
    expect(byId.get(`hermes_${AFTER}`)).toMatchObject({ relation: 'continuation', subagents: 0, withSubagents: { tokens: { total: 33 } } });
    expect(byId.get(`hermes_${DELEGATE}`)).toMatchObject({ relation: 'subagent' });
    const row = dejavu(['usage', '--by', 'agent'], env).stdout.split('\n').find((l) => l.startsWith(`hermes_${AFTER}`));
    expect(row).toMatch(/ continues$/);
  });

  it('the timeline gives the continuation its own entry, naming what it continues', () => {
    const t = dejavuJson<TimelineAnswer>(['timeline', '--json'], env);
    expect(t.entries.map((e) => [e.conversationId, e.subagents, e.parent ?? null])).toEqual([
      [`hermes_${BEFORE}`, 1, null],
      [`hermes_${AFTER}`, 0, { id: `hermes_${BEFORE}`, relation: 'continuation' }],
    ]);
    expect(dejavu(['timeline'], env).stdout).toContain(`hermes_${AFTER} (continues hermes_${BEFORE})`);
  });
});

