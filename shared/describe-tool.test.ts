import { describe, expect, it } from 'vitest';
import { describeTool } from './describe-tool';

describe('describeTool', () => {
  it('shows shell commands as commands', () => {
    expect(describeTool('Bash', JSON.stringify({ command: 'ls -la', description: 'List' }))).toMatchObject({ view: { kind: 'shell', command: 'ls -la' }, description: 'List' });
    expect(describeTool('exec_command', JSON.stringify({ cmd: 'git status', workdir: '/w' })).view).toEqual({ kind: 'shell', command: 'git status', cwd: '/w' });
    expect(describeTool('shell', JSON.stringify({ command: ['bash', '-lc', 'echo hi'] })).view).toMatchObject({ kind: 'shell', command: 'echo hi' });
  });

  it('shows edits of every agent as diffs', () => {
    const claude = describeTool('Edit', JSON.stringify({ file_path: '/a.ts', old_string: 'x', new_string: 'y' }));
    expect(claude.view.kind).toBe('diff');
    const opencode = describeTool('edit', JSON.stringify({ filePath: '/a.ts', oldString: 'x', newString: 'y' }));
    expect(opencode.view).toMatchObject({ kind: 'diff', files: [{ path: '/a.ts' }] });
    const multi = describeTool('MultiEdit', JSON.stringify({ file_path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] }));
    expect(multi.view.kind === 'diff' && multi.view.files[0].lines.filter((l) => l.kind === 'hunk')).toHaveLength(2);
    const write = describeTool('Write', JSON.stringify({ file_path: '/n.py', content: 'print(1)\n' }));
    expect(write.view).toMatchObject({ kind: 'diff', files: [{ action: 'write', lines: [{ kind: 'add', text: 'print(1)' }] }] });
    const patch = describeTool('apply_patch', '*** Begin Patch\n*** Add File: x\n+1\n*** End Patch');
    expect(patch.view).toMatchObject({ kind: 'diff', files: [{ path: 'x', action: 'add' }] });
  });

  it('falls back to JSON, or raw text', () => {
    expect(describeTool('WebFetch', JSON.stringify({ url: 'https://x' }))).toMatchObject({ view: { kind: 'json' }, summary: 'https://x' });
    expect(describeTool('custom', 'not json').view).toEqual({ kind: 'raw', text: 'not json' });
  });

  it('shows arguments nested too deep to serialize again as written, instead of failing the thread', () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    expect(describeTool('some_tool', deep).view).toEqual({ kind: 'raw', text: deep });
    const todos = `{"todos":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`;
    expect(describeTool('TodoWrite', todos).view).toEqual({ kind: 'raw', text: todos });
  });
});
