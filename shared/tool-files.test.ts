import { describe, expect, it } from 'vitest';
import { absolutePath, fileTouchesOf } from './tool-files';

describe('files a tool call touched', () => {
  it('reads the action from the arguments and the tool name, for every agent’s naming', () => {
    expect(fileTouchesOf('Read', '{"file_path":"/r/a.ts"}')).toEqual([{ path: '/r/a.ts', action: 'read' }]);
    expect(fileTouchesOf('Edit', '{"file_path":"/r/a.ts","old_string":"a","new_string":"b"}')).toEqual([{ path: '/r/a.ts', action: 'edit' }]);
    expect(fileTouchesOf('MultiEdit', '{"file_path":"/r/a.ts","edits":[]}')).toEqual([{ path: '/r/a.ts', action: 'edit' }]);
    expect(fileTouchesOf('Write', '{"file_path":"/r/a.ts","content":"x"}')).toEqual([{ path: '/r/a.ts', action: 'write' }]);
    expect(fileTouchesOf('read_file', '{"absolute_path":"/r/b.py"}')).toEqual([{ path: '/r/b.py', action: 'read' }]);
    expect(fileTouchesOf('replace', '{"file_path":"/r/b.py","old_string":"a","new_string":"b"}')).toEqual([{ path: '/r/b.py', action: 'edit' }]);
    expect(fileTouchesOf('write_to_file', '{"path":"src/c.go","content":"x"}')).toEqual([{ path: 'src/c.go', action: 'write' }]);
    expect(fileTouchesOf('str_replace_editor', '{"command":"view","path":"/r/d"}')).toEqual([{ path: '/r/d', action: 'read' }]);
    expect(fileTouchesOf('NotebookEdit', '{"notebook_path":"/r/n.ipynb","new_source":"x"}')).toEqual([{ path: '/r/n.ipynb', action: 'edit' }]);
    expect(fileTouchesOf('Grep', '{"pattern":"x","path":"/r"}')).toEqual([{ path: '/r', action: 'other' }]);
    expect(fileTouchesOf('view_file', '{"AbsolutePath":"/r/e.go"}')).toEqual([{ path: '/r/e.go', action: 'read' }]); // Antigravity
    expect(fileTouchesOf('developer__text_editor', '{"command":"write","path":"ledger.py"}')).toEqual([{ path: 'ledger.py', action: 'write' }]); // Goose
    expect(fileTouchesOf('Bash', '{"command":"ls"}')).toEqual([]);
    expect(fileTouchesOf('Read', 'not json')).toEqual([]);
  });

  it('names every file of an apply_patch, raw or JSON-wrapped, with what the patch did', () => {
    const patch = '*** Begin Patch\n*** Add File: new.ts\n+x\n*** Update File: src/old.ts\n@@\n-a\n+b\n*** Delete File: gone.ts\n*** End Patch';
    const want = [
      { path: 'new.ts', action: 'write' },
      { path: 'src/old.ts', action: 'patch' },
      { path: 'gone.ts', action: 'delete' },
    ];
    expect(fileTouchesOf('apply_patch', patch)).toEqual(want);
    expect(fileTouchesOf('shell', JSON.stringify({ command: ['apply_patch', patch] }))).toEqual(want);
  });

  it('makes paths absolute against the working directory', () => {
    expect(absolutePath('src/a.ts', '/w/repo')).toBe('/w/repo/src/a.ts');
    expect(absolutePath('./src/../b.ts', '/w/repo/')).toBe('/w/repo/b.ts');
    expect(absolutePath('/abs/x', '/w/repo')).toBe('/abs/x');
    expect(absolutePath('src\\win.ts', 'C:\\proj')).toBe('C:/proj/src/win.ts');
    expect(absolutePath('rel/only', undefined)).toBe('rel/only');
  });
});
