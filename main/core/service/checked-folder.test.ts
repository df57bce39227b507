import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFolder } from './checked-folder';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-checked-folder-'));
const home = path.join(dir, 'home');
const archive = path.join(dir, 'archive');
mkdirSync(path.join(home, 'backup'), { recursive: true });
mkdirSync(path.join(archive, 'blobs'), { recursive: true });
writeFileSync(path.join(home, 'notes.txt'), 'a file');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a folder typed to add', () => {
  it('is made absolute, ~ being the home', () => {
    expect(checkedFolder(` ${path.join(home, 'backup')}/ `, home, archive)).toBe(path.join(home, 'backup'));
    expect(checkedFolder('~/backup', home, archive)).toBe(path.join(home, 'backup'));
    expect(checkedFolder('~', home, archive)).toBe(home);
  });

  it('is refused, with a sentence naming it, when it is not a folder this archive may read', () => {
    expect(() => checkedFolder('backup', home, archive)).toThrow('give the folder’s full path (starting with / or ~), not "backup"');
    expect(() => checkedFolder(path.join(home, 'gone'), home, archive)).toThrow(`no folder at ${path.join(home, 'gone')}`);
    expect(() => checkedFolder(path.join(home, 'notes.txt'), home, archive)).toThrow(`${path.join(home, 'notes.txt')} is a file, not a folder`);
    expect(() => checkedFolder(path.join(archive, 'blobs'), home, archive)).toThrow(`${path.join(archive, 'blobs')} is inside this archive`);
    expect(() => checkedFolder(archive, home, archive)).toThrow('is inside this archive');
  });
});
