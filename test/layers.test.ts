/**
 * The layers are enforced, not just drawn: the real lint config (eslint.config.js) rejects an
 * import across a boundary with a message that says which, and the real tsconfigs give the
 * renderer no Node and main no DOM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './fixtures';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The import-rule messages for `code` as if it were the file at `file` (relative to the repo). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The data-layer rule's messages (imports and statements) for `code` as if it were the file at `file`. */
async function sqlErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('lint keeps each zone to its layer', () => {
  it('the renderer imports shared/ and browser packages, never main at any depth nor Node', async () => {
    expect(await importErrors('renderer/src/lib/ok.ts', "import { describeTool } from '../../../shared/describe-tool';\nimport { useQuery } from '@tanstack/react-query';\nexport { describeTool, useQuery };\n")).toEqual([]);
    const deep = await importErrors('renderer/src/components/thread/x.ts', "import { openIndexDb } from '../../../../main/core/archive/db';\nexport { openIndexDb };\n");
    expect(deep).toEqual([expect.stringContaining('The renderer imports only shared/ and its own files')]);
    const node = await importErrors('renderer/src/lib/x.ts', "import fs from 'fs';\nimport path from 'node:path';\nimport { readFile } from 'fs/promises';\nimport Database from 'better-sqlite3';\nexport { fs, path, readFile, Database };\n");
    expect(node).toHaveLength(4);
    for (const m of node) expect(m).toMatch(/The renderer runs in a browser/);
  });

  it('main never imports the renderer, and shared/ imports only itself', async () => {
    const html = await importErrors('main/core/render/x.ts', "import { langFor } from '../../../renderer/src/lib/highlight';\nexport { langFor };\n");
    expect(html).toEqual([expect.stringContaining('Main never imports the renderer')]);
    expect(await importErrors('main/electron/x.ts', "import { App } from '../../renderer/src/App';\nexport { App };\n")).toEqual([expect.stringContaining('Main never imports the renderer')]);
    const shared = await importErrors('shared/x.ts', "import { readFileSync } from 'node:fs';\nimport { PROVIDERS } from '../main/core/providers/registry';\nexport { readFileSync, PROVIDERS };\n");
    expect(shared).toEqual([expect.stringContaining('shared/ runs in the browser too'), expect.stringContaining('shared/ imports only shared/.')]);
  });

  it('archive/ imports neither search/, retention/ nor capture/, with no file excepted', async () => {
    const fresh = await importErrors('main/core/archive/x.ts', "import { searchRows } from '../search/search-rows';\nimport { buildDigest } from '../retention/digest';\nimport { fileParseContext } from '../capture/parse-context';\nexport { searchRows, buildDigest, fileParseContext };\n");
    expect(fresh).toHaveLength(3);
    for (const m of fresh) expect(m).toMatch(/archive\/ must not import search\/, retention\/ or capture\//);
    expect(await importErrors('main/core/archive/migrations/x.ts', "import { searchRows } from '../../search/search-rows';\nexport { searchRows };\n")).toHaveLength(1);
    expect(await importErrors('main/core/archive/archive-writer.ts', "import { searchRows } from '../search/search-rows';\nexport { searchRows };\n")).toHaveLength(1);
    expect(await importErrors('main/core/archive/archive-writer.ts', "import { buildDigest } from '../retention/digest';\nexport { buildDigest };\n")).toHaveLength(1);
    expect(await importErrors('main/core/archive/archive-reader.ts', "import { searchRows } from '../search/search-rows';\nexport { searchRows };\n")).toHaveLength(1);
  });

  it('the surfaces (CLI, MCP, HTTP, Electron) and the service reach the core through the use-cases only', async () => {
    const surface = /Surfaces reach the core through main\/core\/use-cases\/ only/;
    const cli = await importErrors('main/cli/commands/x.ts', "import { openReadableIndex } from '../../core/archive/db';\nimport { sweep } from '../../core/retention/evict';\nimport { sync } from '../../core/capture/sync';\nexport { openReadableIndex, sweep, sync };\n");
    expect(cli).toHaveLength(3);
    for (const m of cli) expect(m).toMatch(surface);
    expect(await importErrors('main/mcp/tools/x.ts', "import { matchCount } from '../../core/search/search';\nexport { matchCount };\n")).toEqual([expect.stringMatching(surface)]);
    expect(await importErrors('main/server/x.ts', "import { PROVIDERS } from '../core/providers/registry';\nexport { PROVIDERS };\n")).toEqual([expect.stringMatching(surface)]);
    expect(await importErrors('main/electron/x.ts', "import { LiveCapture } from '../core/capture/live';\nexport { LiveCapture };\n")).toEqual([expect.stringMatching(surface)]);
    const allowed = "import { searchHits } from '../../core/use-cases/search';\nimport { createLogger } from '../../core/logger';\nimport { ArchiveService } from '../../core/service/archive-service';\nimport { AGENT_IDS } from '../../../shared/agents';\nexport { searchHits, createLogger, ArchiveService, AGENT_IDS };\n";
    expect(await importErrors('main/cli/commands/x.ts', allowed)).toEqual([]);
    const service = await importErrors('main/core/service/x.ts', "import { setPinned } from '../retention/pins';\nimport { IndexReader } from '../archive/index-reader';\nimport { pinConversation } from '../use-cases/pin';\nimport { WriterQueue } from '../writer-queue';\nexport { setPinned, IndexReader, pinConversation, WriterQueue };\n");
    expect(service).toEqual([expect.stringContaining('The service answers channels through main/core/use-cases/ only'), expect.stringContaining('The service answers channels through main/core/use-cases/ only')]);
  });

  it('SQL on index.db stays in archive/: no statement, no SQLite, no raw connection elsewhere; search/ and providers/ keep their own databases', async () => {
    const SQL = 'SQL on index.db belongs to its data layer: add a named function to main/core/archive/index-store (read-*.ts or write-*.ts) and call it.';
    const statements = "import type { ReadableIndex } from '../archive/db';\nexport const n = (db: { prepare(s: string): { run(): void }; transaction(f: () => void): () => void }) => { db.prepare('UPDATE conversations SET pinned = 1').run(); db.transaction(() => undefined)(); };\nexport type R = ReadableIndex;\n";
    expect(await sqlErrors('main/core/retention/x.ts', statements)).toEqual([SQL, SQL]);
    const raw = "import Database from 'better-sqlite3';\nimport { connectionOf, inTransaction, writeConnectionOf } from '../archive/index-store/handle';\nexport { Database, connectionOf, inTransaction, writeConnectionOf };\n";
    const refused = [expect.stringContaining(`'better-sqlite3' import is restricted from being used. ${SQL}`), expect.stringContaining(`'connectionOf' import`), expect.stringContaining(`'writeConnectionOf' import`)];
    expect(await sqlErrors('main/core/verify/x.ts', raw)).toEqual(refused);
    for (const m of await sqlErrors('main/core/verify/x.ts', raw)) expect(m).toContain(SQL);
    // A surface may not reach archive/ at all: the handle's import is refused by the surface rule.
    expect(await sqlErrors('main/cli/commands/x.ts', raw.replace("'../archive", "'../../core/archive"))).toEqual([
      expect.stringContaining(`'better-sqlite3' import is restricted from being used. ${SQL}`),
      expect.stringContaining('Surfaces reach the core through main/core/use-cases/ only'),
    ]);
    expect(await sqlErrors('main/cli/commands/x.ts', "export const n = (db: { prepare(s: string): void }) => db.prepare('SELECT 1');\n")).toEqual([SQL]);
    // search.db is search's own; providers read the agents' own databases; archive/ is the data layer.
    expect(await sqlErrors('main/core/search/x.ts', "import Database from 'better-sqlite3';\nimport { connectionOf } from '../archive/index-store/handle';\nexport const c = (db: Database.Database) => db.prepare('SELECT 1');\nexport { connectionOf };\n")).toEqual([]);
    expect(await sqlErrors('main/core/search/x.ts', "import { writeConnectionOf } from '../archive/index-store/handle';\nexport { writeConnectionOf };\n")).toEqual([expect.stringContaining('search/ never writes index.db: a write goes through the archive writer.')]);
    expect(await sqlErrors('main/core/providers/zed/x.ts', "import Database from 'better-sqlite3';\nexport const c = (db: Database.Database) => db.prepare('SELECT 1');\n")).toEqual([]);
    expect(await sqlErrors('main/core/archive/index-store/read-x.ts', "import Database from 'better-sqlite3';\nexport const c = (db: Database.Database) => db.prepare('SELECT 1');\n")).toEqual([]);
  });
});

describe('each zone is typechecked with its own globals', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-zones-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** tsc's errors for `code` checked under the zone's tsconfig (only that file, so it takes seconds). */
  function typeErrors(zoneConfig: string, code: string): Promise<string> {
    const sub = mkdtempSync(path.join(dir, 'z-'));
    writeFileSync(path.join(sub, 'probe.ts'), code);
    // typeRoots: the probe lives outside the repo, where `types: ["node"]` would not be found.
    writeFileSync(path.join(sub, 'tsconfig.json'), JSON.stringify({ extends: path.join(REPO_ROOT, zoneConfig), compilerOptions: { typeRoots: [path.join(REPO_ROOT, 'node_modules', '@types')] }, include: ['probe.ts'] }));
    const tsc = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', sub]);
    let out = '';
    tsc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    return new Promise((resolve) => tsc.on('close', () => resolve(out)));
  }

  it('the renderer has the DOM and no Node; main has Node and no DOM', async () => {
    const [web, node] = await Promise.all([
      typeErrors('renderer/tsconfig.json', 'export const t = document.title;\nexport const p = process.platform;\nexport const b = Buffer.from("x");\n'),
      typeErrors('tsconfig.json', 'export const p = process.platform;\nexport const t = document.title;\n'),
    ]);
    expect(web.trim().split('\n')).toEqual([expect.stringMatching(/probe\.ts\(2,18\): error .*Cannot find name 'process'/), expect.stringMatching(/probe\.ts\(3,18\): error .*Cannot find name 'Buffer'/)]);
    expect(node.trim().split('\n')).toEqual([expect.stringMatching(/probe\.ts\(2,18\): error .*Cannot find name 'document'/)]);
  });
});
