import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveRoot, blobRelativePath, insideRoot, safeSegment, UnsafePathError } from './paths';

describe('archive paths', () => {
  it('uses DEJAVU_HOME, else the platform data folder', () => {
    expect(archiveRoot({ DEJAVU_HOME: '/tmp/a' }, 'linux')).toBe('/tmp/a');
    expect(archiveRoot({ HOME: '/home/p' }, 'linux')).toBe('/home/p/.local/share/dejavu');
    expect(archiveRoot({ HOME: '/home/p', XDG_DATA_HOME: '/x' }, 'linux')).toBe('/x/dejavu');
    expect(archiveRoot({ HOME: '/Users/p' }, 'darwin')).toBe('/Users/p/Library/Application Support/dejavu');
  });

  it('never lets a transcript-derived name climb out of the archive', () => {
    const hostile = ['..', '../..', '/etc/passwd', 'a/../../b', '..\\..\\win', 'con', '\u0000x', ' . ', '', 'x'.repeat(300)];
    for (const name of hostile) {
      const seg = safeSegment(name);
      expect(seg).not.toMatch(/[/\\\u0000]/);
      expect(seg.startsWith('.')).toBe(false);
      expect(Buffer.byteLength(seg)).toBeLessThanOrEqual(100);
      const rel = blobRelativePath({ workspace: name, instance: name, agent: 'codex', id: name });
      const abs = insideRoot('/archive', rel);
      expect(abs.startsWith(`/archive${path.sep}`)).toBe(true);
    }
    expect(safeSegment('con')).toBe('_con');
    expect(safeSegment('index.db')).toBe('_index.db');
    expect(safeSegment('.tmp')).toBe('_tmp');
    // verify moves stray blob files there: no workspace may be named like it.
    expect(safeSegment('lost+found')).toBe('_lost+found');
    expect(safeSegment('captures')).toBe('_captures');
    expect(() => insideRoot('/archive', '../escape')).toThrow(UnsafePathError);
    expect(() => insideRoot('/archive', '/etc/passwd')).toThrow(UnsafePathError);
  });

  it('gives every conversation id its own blob file, even ids that share their first 100 bytes', () => {
    const place = { workspace: 'proj', instance: 'host', agent: 'codex' };
    const shared = `codex_${'7'.repeat(94)}`;
    const ids = [`${shared}aa`, `${shared}bb`, 'codex_abc', 'codex_abc.', 'codex_a:b', 'codex_a_b', 'codex_x.r1', 'codex_x.r2', 'codex_x', 'codex_y~1'];
    const names = ids.map((id) => blobRelativePath({ ...place, id }));
    const staged = ['codex_x', 'codex_abc'].flatMap((id) => [blobRelativePath({ ...place, id }, 1), blobRelativePath({ ...place, id }, 2)]);
    const all = [...names, ...staged];
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) {
      const file = name.split('/').at(-1)!;
      expect(Buffer.byteLength(file.replace(/(\.r[12])?\.pb$/, '')), name).toBeLessThanOrEqual(100);
      expect(file.startsWith('codex_'), name).toBe(true); // a readable prefix stays
    }
    expect(blobRelativePath({ ...place, id: 'codex_x' }, 1)).toBe('proj/host/codex/codex_x.r1.pb');
  });

  it('keeps two conversations apart when their workspace or instance names sanitize to the same folder', () => {
    const a = blobRelativePath({ workspace: 'a:b', instance: 'box/1', agent: 'codex', id: 'codex_1' });
    const b = blobRelativePath({ workspace: 'a_b', instance: 'box_1', agent: 'codex', id: 'codex_2' });
    expect(a.split('/').slice(0, 2)).toEqual(b.split('/').slice(0, 2)); // one folder...
    expect(a).not.toBe(b); // ...but the full id names the file
  });

  it('keeps readable names readable', () => {
    expect(blobRelativePath({ workspace: 'déjà-vu', instance: 'host', agent: 'claude-code', id: 'claude-code_abc' })).toBe('déjà-vu/host/claude-code/claude-code_abc.pb');
  });
});
