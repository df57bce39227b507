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
    expect(() => insideRoot('/archive', '../escape')).toThrow(UnsafePathError);
    expect(() => insideRoot('/archive', '/etc/passwd')).toThrow(UnsafePathError);
  });

  it('keeps readable names readable', () => {
    expect(blobRelativePath({ workspace: 'déjà-vu', instance: 'host', agent: 'claude-code', id: 'claude-code_abc' })).toBe('déjà-vu/host/claude-code/claude-code_abc.pb');
  });
});
