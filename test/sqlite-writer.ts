/**
 * A real second process holding a SQLite file's write lock for a moment, as another `dejavu`
 * writing the same archive does: for tests of what SQLite's busy wait does and does not cover.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** A process that opens `file`, takes its write lock (BEGIN IMMEDIATE), says so, and commits after `holdMs`. */
export function writerHolding(file: string, holdMs: number): Promise<ChildProcess> {
  const script = `
    const Database = require(${JSON.stringify(driver)});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('writing\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${holdMs});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
  });
}

/** Resolves when the process has ended. */
export const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
