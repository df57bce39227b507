/**
 * One meaning per tool call, on the real fixtures: describeTool reads Claude, Codex, Gemini,
 * OpenCode and Cline calls as the edits, commands and briefs they are, and every surface (the
 * Markdown export, MCP's pages, the HTML export, the digest) shows what it says.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentId } from '../shared/agents';
import { describeTool, type ToolDescription } from '../shared/describe-tool';
import { diffText } from '../shared/diff';
import type { Conversation, ToolCallPart } from '../shared/record';
import { fileParseContext } from '../main/core/capture/parse-context';
import { providerFor } from '../main/core/providers/registry';
import { conversationToHtml } from '../main/core/render/html';
import { conversationPageToMarkdown, conversationToMarkdown, fence } from '../main/core/render/markdown';
import { buildDigest } from '../main/core/retention/digest';
import { FIXTURES_DIR } from './fixtures';
import { readProvenance } from './provenance';
import { loadHighlighter } from '../main/core/render/html-highlight';

// The HTML export's code highlighter loads when first asked for (the CLI and the service await it).
beforeAll(() => loadHighlighter());

async function parse(agent: AgentId, file: string): Promise<Conversation[]> {
  return providerFor(agent)!.parse(fileParseContext(path.join(FIXTURES_DIR, file)));
}

function callsOf(cs: readonly Conversation[]): ToolCallPart[] {
  return cs.flatMap((c) => c.messages.flatMap((m) => m.parts.filter((p): p is ToolCallPart => p.type === 'tool_call')));
}

/** The first call of that tool in the fixture, described. */
async function described(agent: AgentId, file: string, tool: string): Promise<{ call: ToolCallPart; args: Record<string, unknown>; d: ToolDescription }> {
  const call = callsOf(await parse(agent, file)).find((p) => p.name === tool);
  if (!call) throw new Error(`no ${tool} call in ${file}`);
  let args: Record<string, unknown> = {};
  try {
    args = JSON.parse(call.arguments) as Record<string, unknown>;
  } catch {
    // Raw text arguments (apply_patch, Cline's command).
  }
  return { call, args, d: describeTool(call.name, call.arguments) };
}

const CLAUDE = 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl';
const CODEX_PATCH = 'codex/entireio__skills/entire_checkpoints_v1/10/196f206d8a/0/full.jsonl';
const CODEX_SHELL = 'codex/Mai0313__VibeCodingTracker/blob_dcbbb0da2e/examples/test_conversation_oai.jsonl';
const CODEX_EXEC = 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl';
const GEMINI_REPLACE = 'gemini-cli/Mai0313__VibeCodingTracker/blob_d936098cdf/examples/test_conversation_gemini.jsonl';
const GEMINI_SHELL = 'gemini-cli/entireio__cli/entire_checkpoints_v1/ab/2b9748b105/0/full.jsonl';
const OPENCODE_PATCH = 'opencode/dayhaysoos__nimbus/entire_checkpoints_v1/07/fe4e0ea90c/1/full.jsonl';
const CLINE = 'cline/Jeehunter__mcp-vscode-server/ui_messages.json';

const added = (d: ToolDescription) => (d.view.kind === 'diff' ? d.view.files.flatMap((f) => f.lines.filter((l) => l.kind === 'add').map((l) => l.text)) : []);
const removed = (d: ToolDescription) => (d.view.kind === 'diff' ? d.view.files.flatMap((f) => f.lines.filter((l) => l.kind === 'del').map((l) => l.text)) : []);

describe('describeTool on real calls', () => {
  it('reads a Claude Edit as a diff of its old and new strings, on the file it names', async () => {
    const { args, d } = await described('claude-code', CLAUDE, 'Edit');
    expect(d.view).toMatchObject({ kind: 'diff', files: [{ path: args.file_path, action: 'edit' }] });
    expect(d.paths).toEqual([{ path: args.file_path, action: 'edit' }]);
    expect(d.summary).toBe(args.file_path);
    // Every line of the diff comes from the strings, and the changed ones are there.
    const oldLines = String(args.old_string).split('\n');
    const newLines = String(args.new_string).split('\n');
    expect(removed(d).length).toBeGreaterThan(0);
    for (const l of removed(d)) expect(oldLines).toContain(l);
    for (const l of added(d)) expect(newLines).toContain(l);
  });

  it('reads a Claude Write as a whole new file, a Bash call as its command, a Task as a brief, TodoWrite as a list', async () => {
    const write = await described('claude-code', CLAUDE, 'Write');
    expect(write.d.view).toMatchObject({ kind: 'diff', files: [{ path: write.args.file_path, action: 'write' }] });
    expect(added(write.d)).toEqual(String(write.args.content).replace(/\n$/, '').split('\n'));
    expect(write.d.paths).toEqual([{ path: write.args.file_path, action: 'write' }]);

    const bash = await described('claude-code', CLAUDE, 'Bash');
    expect(bash.d).toEqual({ view: { kind: 'shell', command: 'ls -la' }, paths: [], summary: 'ls -la', description: 'Check current directory structure' });

    const task = await described('claude-code', CLAUDE, 'Task');
    expect(task.d.view).toEqual({ kind: 'subagent', brief: { prompt: task.args.prompt, description: 'Setup Next.js project', kind: 'general-purpose' } });

    const todos = await described('claude-code', CLAUDE, 'TodoWrite');
    expect(todos.d.view.kind).toBe('todos');
    expect(todos.d.view.kind === 'todos' && todos.d.view.items[0]).toEqual({ text: 'Set up Next.js project structure and dependencies', status: 'pending' });
  });

  it('reads a Codex apply_patch as the files its headers name, and shell / exec_command as commands', async () => {
    const patch = await described('codex', CODEX_PATCH, 'apply_patch');
    const file = '/Users/rizel/Documents/work/skills/skills/explain/SKILL.md';
    // The patch updates several files: one diff and one touch each, in the same order.
    const files = patch.d.view.kind === 'diff' ? patch.d.view.files : [];
    expect(files[0]).toMatchObject({ path: file, action: 'update' });
    expect(added(patch.d)).toContain('name: explain');
    expect(patch.d.paths).toEqual(files.map((f) => ({ path: f.path, action: 'patch' })));

    const shell = await described('codex', CODEX_SHELL, 'shell');
    expect(shell.d.view).toEqual({ kind: 'shell', command: 'ls -la' });
    const exec = await described('codex', CODEX_EXEC, 'exec_command');
    expect(exec.d.view).toEqual({ kind: 'shell', command: exec.args.cmd, cwd: '/Users/alisha/Projects/wt/skills/experiment' });
  });

  it('reads a Gemini replace as a diff on its file and run_shell_command as a command', async () => {
    const replace = await described('gemini-cli', GEMINI_REPLACE, 'replace');
    expect(replace.d.view).toMatchObject({ kind: 'diff', files: [{ path: 'GEMINI.md', action: 'edit' }] });
    expect(removed(replace.d)).toEqual(String(replace.args.old_string).split('\n'));
    expect(replace.d.paths).toEqual([{ path: 'GEMINI.md', action: 'edit' }]);
    const shell = await described('gemini-cli', GEMINI_SHELL, 'run_shell_command');
    expect(shell.d).toMatchObject({ view: { kind: 'shell', command: 'ls -l docs/blue.md' }, description: shell.args.description });
  });

  it("reads OpenCode's apply_patch (its patch under patchText) as a diff, like the files it touched", async () => {
    const patch = await described('opencode', OPENCODE_PATCH, 'apply_patch');
    expect(patch.d.view).toMatchObject({ kind: 'diff', files: [{ path: '.github/workflows/secret-scan.yml', action: 'add' }] });
    expect(added(patch.d)).toContain('name: Secret Scan');
    expect(patch.d.paths).toEqual([{ path: '.github/workflows/secret-scan.yml', action: 'write' }]);
  });

  it("reads Cline's execute_command, whose arguments are the command itself, as a command", async () => {
    const { call, d } = await described('cline', CLINE, 'execute_command');
    expect(d.view).toEqual({ kind: 'shell', command: call.arguments });
  });
});

describe('every surface shows what describeTool says', () => {
  let all: Conversation[];
  beforeAll(async () => {
    all = [];
    for (const f of readProvenance()) {
      const provider = providerFor(f.agentSection as AgentId);
      if (provider) all.push(...(await provider.parse(fileParseContext(f.absPath))));
    }
  });

  it('the Markdown export, MCP pages and the HTML export show each edit as its diff and each command as its command', () => {
    let diffs = 0;
    let commands = 0;
    const htmlChecked = new Map<string, Conversation>();
    const diffFiles = new Map<string, number>();
    for (const c of all) {
      const calls = c.messages.filter((m) => m.role !== 'system').flatMap((m) => m.parts.filter((p): p is ToolCallPart => p.type === 'tool_call'));
      const markdown = conversationToMarkdown(c);
      const page = conversationPageToMarkdown(c, 0, c.messages.length + 1).markdown;
      let files = 0;
      for (const call of calls) {
        const { view } = describeTool(call.name, call.arguments);
        if (view.kind === 'diff') {
          for (const f of view.files) {
            expect(markdown, `${c.id} ${call.name}`).toContain(fence(diffText(f), 'diff'));
            expect(page, `${c.id} ${call.name}`).toContain(fence(diffText(f), 'diff'));
          }
          files += view.files.length;
        } else if (view.kind === 'shell') {
          expect(markdown, `${c.id} ${call.name}`).toContain(fence(view.command, 'bash'));
          expect(page, `${c.id} ${call.name}`).toContain(fence(view.command, 'bash'));
          commands += 1;
        }
      }
      // The HTML export highlights code (about 100 ms a conversation): checked on the shortest one with diffs of each agent.
      const shortest = htmlChecked.get(c.agent);
      if (files > 0 && (!shortest || c.messages.length < shortest.messages.length)) htmlChecked.set(c.agent, c);
      diffFiles.set(c.id, files);
      diffs += files;
    }
    for (const c of htmlChecked.values()) expect(conversationToHtml(c).split('<div class="diff">').length - 1, c.id).toBe(diffFiles.get(c.id));
    expect(htmlChecked.size).toBeGreaterThan(4);
    // The fixtures hold both, so the loop above checked something.
    expect(diffs).toBeGreaterThan(20);
    expect(commands).toBeGreaterThan(100);
  });

  it("the digest's files touched are the paths describeTool names", () => {
    for (const c of all) {
      const paths = new Set(c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call' ? describeTool(p.name, p.arguments).paths.map((t) => t.path) : []))));
      expect(buildDigest(c).filesTouched, c.id).toEqual([...paths].slice(0, 200));
    }
    // Where the digest used to read its own list of keys: a `filename` argument, and a call naming two.
    const c = all[0];
    const call = (id: string, name: string, args: object) => ({ id, role: 'assistant' as const, parts: [{ type: 'tool_call' as const, id, name, arguments: JSON.stringify(args) }] });
    const more = { ...c, messages: [call('x1', 'create_file', { filename: 'notes/todo.md', content: 'x' }), call('x2', 'Grep', { pattern: 'y', file_path: '/r/a.ts', path: '/r' })] };
    expect(buildDigest(more).filesTouched).toEqual(['notes/todo.md', '/r/a.ts']);
  });
});
