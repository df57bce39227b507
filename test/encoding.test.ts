/**
 * Text that is not what JSON allows, on real fixtures of every agent that reads JSON: a raw NUL
 * byte typed into a prompt, the whole file re-encoded as UTF-16 (with and without a byte-order
 * mark) or with a UTF-8 byte-order mark. The prompt is kept, the file reads as it did, and the
 * warning says what was done.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { fileParseContext } from '../main/core/capture/parse-context';
import { PROVIDERS } from '../main/core/providers/registry';
import { lineOf, utf16 } from './damage';
import { type FixtureFacts, readProvenance } from './provenance';

const NUL_WARNING = 'Raw control character(s) U+0000 inside a JSON string, which JSON does not allow; read as escapes';
const AGENTS = ['claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'cursor-cli', 'factory-droid', 'kimi-cli', 'cline', 'opencode'];
const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-encoding-'));
const byAgent = new Map(PROVIDERS.map((p) => [p.agent as string, p]));
let written = 0;

async function parse(agent: string, row: FixtureFacts, content: string | Buffer): Promise<Conversation[]> {
  // Keep the file's name: some formats are recognised by it.
  const file = path.join(dir, String((written += 1)), path.basename(row.absPath));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return byAgent.get(agent)!.parse(fileParseContext(file));
}

/** What a person reads: every message's role and texts, in order. */
function transcript(conversations: Conversation[]): string[] {
  return conversations.flatMap((c) => c.messages.map((m) => `${m.role}: ${m.parts.map((p) => (p.type === 'text' ? p.content : p.type)).join(' | ')}`));
}

/** A fixture of the agent with a typed prompt, and a run of plain words from it as written in the file. */
async function promptFixture(agent: string): Promise<{ row: FixtureFacts; text: string; words: string; at: number }> {
  for (const row of readProvenance().filter((r) => r.agentSection === agent)) {
    const text = readFileSync(row.absPath, 'utf8');
    const conversations = await parse(agent, row, text);
    for (const m of conversations.flatMap((c) => c.messages).filter((m) => m.role === 'user')) {
      for (const p of m.parts) {
        if (p.type !== 'text') continue;
        for (const run of p.content.match(/[A-Za-z][A-Za-z ]{11,40}/g) ?? []) {
          const at = text.indexOf(run);
          if (at !== -1) return { row, text, words: run, at };
        }
      }
    }
  }
  throw new Error(`no fixture of ${agent} has a plain-word prompt`);
}

describe.each(AGENTS)('%s', (agent) => {
  it('keeps a prompt with a raw NUL byte in it, and says so on its line', async () => {
    const f = await promptFixture(agent);
    // Into every copy of the words: some agents write a prompt twice (Codex: event and item).
    const typed = `${f.words.slice(0, 4)}\u0000${f.words.slice(4)}`;
    const damaged = f.text.replaceAll(f.words, typed);
    const conversations = await parse(agent, f.row, damaged);
    const prompts = conversations.flatMap((c) => c.messages).filter((m) => m.role === 'user' && m.parts.some((p) => p.type === 'text' && p.content.includes(typed)));
    expect(prompts.length).toBeGreaterThan(0);
    expect(conversations.flatMap((c) => c.warnings)).toContainEqual({ line: lineOf(damaged, f.at), message: NUL_WARNING });
  });

  it.each([
    ['UTF-16LE with a byte-order mark', 'le', true, 'File is UTF-16LE (with a byte-order mark), not UTF-8; read as UTF-16LE'],
    ['UTF-16BE with a byte-order mark', 'be', true, 'File is UTF-16BE (with a byte-order mark), not UTF-8; read as UTF-16BE'],
    ['UTF-16LE without one', 'le', false, 'File is UTF-16LE (without a byte-order mark: NUL in every other byte), not UTF-8; read as UTF-16LE'],
  ] as const)('reads a copy re-encoded as %s like the original, with a warning', async (_name, order, bom, warning) => {
    const f = await promptFixture(agent);
    const original = await parse(agent, f.row, f.text);
    const reencoded = await parse(agent, f.row, utf16(f.text, order, bom));
    expect(transcript(reencoded)).toEqual(transcript(original));
    expect(reencoded.flatMap((c) => c.warnings).map((w) => w.message)).toContain(warning);
  });

  it('reads a copy with a UTF-8 byte-order mark like the original', async () => {
    const f = await promptFixture(agent);
    const original = await parse(agent, f.row, f.text);
    const marked = await parse(agent, f.row, `\uFEFF${f.text}`);
    expect(transcript(marked)).toEqual(transcript(original));
    expect(marked.flatMap((c) => c.warnings)).toEqual(original.flatMap((c) => c.warnings));
  });
});
