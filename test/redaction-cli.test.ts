/**
 * Redaction where the archive leaves the app, through the real CLI and MCP server: a real
 * Claude Code session with a typed database URL and an AWS key spliced into its first prompt.
 * On by default for `show`, `export` (md/json/html) and MCP answers; `--no-redact` and the
 * `redactExports` setting turn it off, said plainly; `redactAtCapture` keeps the secret out of
 * the archive and its search index.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { CLI, dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const FIXTURE = 'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl';
const PASSWORD = 'Vx7q2LmP9sKd';
const AWS_KEY = 'AKIAUJZDE8GXD6NCF10E';
const TYPED = `the db is postgres://app_owner:${PASSWORD}@db.internal.example.com:5432/prod and the key ${AWS_KEY}`;

/** A copy of the real session with the secrets typed into its first prompt. */
function sessionWithSecrets(dir: string): string {
  const lines = readFileSync(path.join(FIXTURES_DIR, FIXTURE), 'utf8').split('\n');
  const anchor = 'I am having problems';
  lines[2] = lines[2].replace(anchor, `${TYPED}. ${anchor}`);
  expect(lines[2]).toContain(PASSWORD);
  const file = path.join(dir, 'session', 'full.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n'));
  return file;
}

function archiveWith(redactAtCapture: boolean): { env: Record<string, string>; id: string; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-redact-'));
  const env = { DEJAVU_HOME: path.join(dir, 'archive') };
  if (redactAtCapture) expect(dejavu(['settings', '--redact-at-capture', 'on'], env).code).toBe(0);
  const imported = dejavu(['import', sessionWithSecrets(dir)], env);
  expect(imported.code, imported.stdout + imported.stderr).toBe(0);
  const [c] = dejavuJson<{ id: string; parentId?: string }[]>(['list'], env).filter((c) => !c.parentId);
  return { env, id: c.id, dir };
}

describe('redaction on the way out (default)', () => {
  const { env, id, dir } = archiveWith(false);

  it('`show` masks each secret and says how many it masked', () => {
    const r = dejavu(['show', id], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('the db is [redacted: connection-string] and the key [redacted: aws-key]');
    expect(r.stdout).not.toContain(PASSWORD);
    expect(r.stdout).not.toContain(AWS_KEY);
    expect(r.stderr).toContain('2 secrets redacted (1 aws-key, 1 connection-string); --no-redact keeps them');
  });

  it('every export format is masked, native records included', () => {
    const json = dejavu(['export', id, '--format', 'json', '-o', '-'], env);
    const record = JSON.parse(json.stdout) as Conversation;
    expect(record.messages.some((m) => m.native?.includes('[redacted: connection-string]'))).toBe(true);
    expect(json.stdout).not.toContain(PASSWORD);
    for (const format of ['md', 'html']) {
      const file = path.join(dir, `out.${format}`);
      expect(dejavu(['export', id, '--format', format, '-o', file], env).code).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text, format).toContain('[redacted: aws-key]');
      expect(text, format).not.toContain(PASSWORD);
    }
  });

  it('`--no-redact` keeps the secrets and says redaction is off', () => {
    const r = dejavu(['show', id, '--no-redact'], env);
    expect(r.stdout).toContain(TYPED);
    expect(r.stderr).toContain('secret redaction is off: secrets in this conversation are written as they were typed');
  });

  it('`search` masks secrets in its snippets, as text and as JSON; `--no-redact` keeps them and says so', () => {
    for (const args of [['search', 'db.internal.example.com'], ['search', 'db.internal.example.com', '--json']]) {
      const r = dejavu(args, env);
      expect(r.code).toBe(0);
      expect(r.stdout, args.join(' ')).toContain('the db is [redacted: connection-string] and the key [redacted: aws-key]');
      expect(r.stdout, args.join(' ')).not.toContain(PASSWORD);
      expect(r.stdout, args.join(' ')).not.toContain(AWS_KEY);
    }
    const open = dejavu(['search', 'db.internal.example.com', '--no-redact'], env);
    expect(open.stdout).toContain(`app_owner:${PASSWORD}@db.internal`);
    expect(open.stderr).toContain('secret redaction is off: search snippets show secrets as they were typed');
  });

  it('the archive itself keeps what was typed (redaction at capture is opt-in)', () => {
    expect(dejavuJson<{ conversation: { id: string } }[]>(['search', PASSWORD], env).map((h) => h.conversation.id)).toContain(id);
  });

  it('MCP answers are masked: the page, the search snippet', async () => {
    const client = new Client({ name: 'dejavu-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' }));
    try {
      const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      const page = text((await client.callTool({ name: 'read_conversation', arguments: { id } })) as CallToolResult);
      expect(page).toContain('the db is [redacted: connection-string] and the key [redacted: aws-key]');
      const hits = text((await client.callTool({ name: 'search_conversations', arguments: { query: 'db.internal.example.com' } })) as CallToolResult);
      expect(hits).toContain('[redacted: connection-string]');
      expect(page + hits).not.toContain(PASSWORD);
    } finally {
      await client.close();
    }
  });

  it('the redactExports setting turns it off for every command, shown by `dejavu settings`', () => {
    expect(dejavu(['settings'], env).stdout).toContain('redact exports     on');
    expect(dejavu(['settings', '--redact-exports', 'off'], env).stdout).toContain('redact exports     off  (exports, show, search and MCP answers carry secrets as they were typed)');
    const r = dejavu(['show', id], env);
    expect(r.stdout).toContain(TYPED);
    expect(r.stderr).toContain('secret redaction is off');
    expect(dejavu(['settings', '--redact-exports', 'maybe'], env).stderr).toContain('--redact-exports is on or off, not "maybe"');
  });
});

describe('redaction at capture (opt-in)', () => {
  const { env, id } = archiveWith(true);

  it('the archive stores the masked text, native records included, and search never finds the secret', () => {
    const r = dejavu(['show', id, '--json', '--no-redact'], env);
    expect(r.stdout).toContain('[redacted: connection-string]');
    expect(r.stdout).not.toContain(PASSWORD);
    expect(r.stdout).not.toContain(AWS_KEY);
    expect(dejavuJson<unknown[]>(['search', PASSWORD], env)).toEqual([]);
    expect(dejavuJson<unknown[]>(['search', AWS_KEY], env)).toEqual([]);
    expect(dejavuJson<unknown[]>(['search', 'db.internal.example'], env)).toEqual([]);
    // The prompt itself is still there and found.
    expect(dejavuJson<{ conversation: { id: string } }[]>(['search', 'I am having problems'], env).map((h) => h.conversation.id)).toContain(id);
  });
});
