import { describe, expect, it } from 'vitest';
import { lineDiff, parseApplyPatch, withContext } from './diff';

describe('lineDiff', () => {
  it('marks removed and added lines around common ones', () => {
    const d = lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(d.map((l) => `${l.kind}:${l.text}`)).toEqual(['ctx:a', 'del:b', 'add:B', 'ctx:c', 'add:d']);
    expect(d[2]).toMatchObject({ newNo: 2 });
  });

  it('can leave out line numbers (string edits have none)', () => {
    expect(lineDiff('x', 'y', 1, false)).toEqual([
      { kind: 'del', text: 'x' },
      { kind: 'add', text: 'y' },
    ]);
  });

  it('folds long unchanged stretches', () => {
    const old = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n');
    const folded = withContext(lineDiff(old, old.replace('l15', 'L15')), 2);
    expect(folded.filter((l) => l.kind === 'hunk')).toHaveLength(2);
    expect(folded.filter((l) => l.kind === 'ctx')).toHaveLength(4);
  });
});

describe('parseApplyPatch', () => {
  it('reads updates, additions, deletions and moves', () => {
    const files = parseApplyPatch(
      ['*** Begin Patch', '*** Update File: src/a.ts', '*** Move to: src/b.ts', '@@ function f()', ' keep', '-old', '+new', '*** Add File: n.md', '+hello', '*** Delete File: gone.txt', '*** End Patch'].join('\n'),
    );
    expect(files).toEqual([
      { path: 'src/a.ts', action: 'update', movedTo: 'src/b.ts', lines: [{ kind: 'hunk', text: 'function f()' }, { kind: 'ctx', text: 'keep' }, { kind: 'del', text: 'old' }, { kind: 'add', text: 'new' }] },
      { path: 'n.md', action: 'add', lines: [{ kind: 'add', text: 'hello' }] },
      { path: 'gone.txt', action: 'delete', lines: [] },
    ]);
  });

  it('is undefined for text that is not a patch', () => {
    expect(parseApplyPatch('echo hi')).toBeUndefined();
  });
});
