/**
 * The damaged copies of a real fixture every provider must survive (the conformance suite runs
 * them): cut short at three points, with a line dropped, with a garbage line put in, and empty.
 * Each keeps what it can (never more than the whole file holds) and names what it skipped, in the
 * warning asserted here. Seeded by the fixture's row, so a failure repeats.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { fileParseContext } from '../main/core/capture/parse-context';
import type { Provider } from '../main/core/providers/kit/provider';
import type { FixtureFacts } from './provenance';
import { random } from './random';

/** How the file is laid out, which decides what a damaged copy can keep. */
function layout(text: string): 'json-lines' | 'json' | 'text' {
  const lines = text.split('\n').filter((l) => l.trim());
  const isObject = (l: string) => {
    try {
      const v: unknown = JSON.parse(l);
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    } catch {
      return false;
    }
  };
  if (lines.length > 1 && lines.every(isObject)) return 'json-lines';
  try {
    JSON.parse(text);
    return 'json';
  } catch {
    return 'text';
  }
}

async function parseCopy(provider: Provider, file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  const conversations = await provider.parse(fileParseContext(file));
  expect(Array.isArray(conversations)).toBe(true);
  for (const c of conversations) {
    expect(c.agent).toBe(provider.agent);
    expect(Array.isArray(c.messages)).toBe(true);
  }
  return {
    messages: conversations.reduce((n, c) => n + c.messages.length, 0),
    warnings: conversations.flatMap((c) => c.warnings),
  };
}

/** Parses the damaged copies of row `r`'s fixture under `dir` and asserts what each keeps and says. */
export async function expectDamagedCopiesSurvive(provider: Provider, r: FixtureFacts, dir: string): Promise<void> {
  const text = readFileSync(r.absPath, 'utf8');
  const lines = text.split('\n');
  const kind = layout(text);
  const rand = random(r.n);
  // Keep the file's name: some formats are recognised by it (Aider, Cline, Claude subagents).
  const copy = (label: string, content: string) => parseCopy(provider, path.join(dir, `${r.n}-${label}`, path.basename(r.absPath)), content);
  const whole = await copy('whole', text);
  expect(whole.messages).toBeGreaterThan(0);

  const cuts = [0, 1, 2].map(() => Math.floor(rand() * text.length));
  for (const [i, at] of cuts.entries()) {
    const cut = await copy(`cut${i}`, text.slice(0, at));
    expect(cut.messages, `cut at ${at}`).toBeLessThanOrEqual(whole.messages);
    // A whole-JSON file cut short cannot be read as it is: the person is told.
    if (kind === 'json' && cut.messages < whole.messages) expect(cut.warnings.length, `cut at ${at}`).toBeGreaterThan(0);
  }

  const hole = Math.floor(rand() * lines.length);
  const holed = await copy('hole', lines.filter((_, i) => i !== hole).join('\n'));
  expect(holed.messages).toBeLessThanOrEqual(whole.messages);
  // One record gone costs at most its own message; the rest of the session is kept.
  if (kind === 'json-lines') expect(holed.messages, `line ${hole + 1} removed`).toBeGreaterThanOrEqual(whole.messages - 1);

  const at = Math.floor(rand() * lines.length);
  const polluted = await copy('garbage', [...lines.slice(0, at), '{"type": "user", "message": {"content": [', ...lines.slice(at)].join('\n'));
  if (kind === 'json-lines') {
    // The broken line is named (besides what the whole copy says), and every other record is kept.
    const added = polluted.warnings.filter((w) => !whole.warnings.some((x) => x.line === w.line && x.message === w.message));
    expect(added).toEqual([{ line: at + 1, message: expect.stringMatching(/^Unreadable (JSON )?line skipped: /) }]);
    expect(polluted.warnings.length).toBe(whole.warnings.length + 1);
    expect(polluted.messages).toBe(whole.messages);
  } else if (kind === 'json') {
    expect(polluted.warnings.map((w) => w.message).join('\n')).toMatch(/JSON|cut short/);
    expect(polluted.messages).toBeLessThanOrEqual(whole.messages);
  } else {
    // Plain text (Aider's Markdown history): the stray line is just text, nothing is lost.
    expect(polluted.messages).toBe(whole.messages);
  }

  const empty = await copy('empty', '');
  expect(empty.messages).toBe(0);
}
