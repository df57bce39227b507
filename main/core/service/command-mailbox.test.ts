/**
 * A command for the renderer that comes before it listens (a dejavu:// link that launched the
 * app) waits, and is handed over when the renderer subscribes; later ones go straight through,
 * and wait again while the page reloads. Through the real service, on a real (empty) archive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractEvents } from '../../../shared/contract';
import { ArchiveService } from './archive-service';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-mailbox-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('commands for the renderer', () => {
  it('keep a link that came at a cold start until the renderer subscribes', async () => {
    const service = new ArchiveService({ root, sources: [] });
    const sent: ContractEvents['dejavu:command'][] = [];
    service.on('dejavu:command', (c) => sent.push(c));

    service.postCommand({ command: 'open-conversation', id: 'codex_abc', message: 3 });
    expect(sent).toEqual([]);
    expect(await service.handle('dejavu:pending-commands', {})).toEqual({ ok: true, value: [{ command: 'open-conversation', id: 'codex_abc', message: 3 }] });

    service.postCommand({ command: 'find' });
    expect(sent).toEqual([{ command: 'find' }]);
    expect(await service.handle('dejavu:pending-commands', {})).toEqual({ ok: true, value: [] });

    service.rendererReloading();
    service.postCommand({ command: 'settings' });
    expect(sent).toEqual([{ command: 'find' }]);
    expect(await service.handle('dejavu:pending-commands', {})).toEqual({ ok: true, value: [{ command: 'settings' }] });
    service.close();
  });
});

describe('the conversation the renderer shows', () => {
  it('is reported to the shell, so File → Export is enabled only with one open', async () => {
    const seen: (string | null)[] = [];
    const service = new ArchiveService({ root, sources: [], onViewing: (id) => seen.push(id) });
    expect(await service.handle('dejavu:viewing', { id: 'codex_abc' })).toEqual({ ok: true, value: null });
    expect(await service.handle('dejavu:viewing', { id: null })).toEqual({ ok: true, value: null });
    expect(seen).toEqual(['codex_abc', null]);
    expect((await service.handle('dejavu:viewing', {})).ok).toBe(false);
    service.close();
  });
});
