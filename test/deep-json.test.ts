/**
 * Every provider that decodes tool arguments, on its real fixtures with a 10,000-level-deep
 * value spliced into a tool call's arguments: the session parses, the arguments keep the deep
 * part (as JSON text), the warning names the line, and the result survives what the archive
 * does next (JSON.stringify, structuredClone to the search worker).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileParseContext } from '../main/core/capture/parse-context';
import { PROVIDERS } from '../main/core/providers/registry';
import { DEEP_BOTTOM, spliceDeepIntoString, spliceDeepObject } from './damage';
import { readProvenance } from './provenance';

const WARNING = 'JSON nested more than 256 levels deep; everything below level 256 is kept as its JSON text';
const LEVELS = 10_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-deep-'));
const byAgent = new Map(PROVIDERS.map((p) => [p.agent as string, p]));

/** Where each agent keeps a tool call's arguments: an object, or a JSON string holding one. */
const ARGUMENTS: readonly { agent: string; kind: 'object' | 'string'; at: RegExp }[] = [
  { agent: 'claude-code', kind: 'object', at: /"type":"tool_use"[^\n]*?"input":\{/ },
  { agent: 'codex', kind: 'object', at: /"type":"tool_search_call"[^\n]*?"arguments":\{/ },
  { agent: 'codex', kind: 'string', at: /"type":"function_call"[^\n]*?"arguments":"\{/ },
  { agent: 'gemini-cli', kind: 'object', at: /"args": ?\{/ },
  { agent: 'copilot-cli', kind: 'object', at: /"toolRequests":\[\{[^\n]*?"arguments":\{/ },
  { agent: 'cursor-cli', kind: 'object', at: /"type":"tool_use"[^\n]*?"input":\{/ },
  { agent: 'opencode', kind: 'object', at: /"type": "tool",[\s\S]*?"input": \{/ },
  { agent: 'kimi-cli', kind: 'string', at: /"arguments": ?"\{/ },
];

const cases = ARGUMENTS.flatMap((a) =>
  readProvenance()
    .filter((r) => r.agentSection === a.agent)
    .flatMap((r) => {
      const text = readFileSync(r.absPath, 'utf8');
      const spliced = a.kind === 'object' ? spliceDeepObject(text, a.at, LEVELS) : spliceDeepIntoString(text, a.at, LEVELS);
      return spliced ? [[`${a.agent} #${r.n} (${a.kind})`, { ...a, row: r, ...spliced }] as const] : [];
    }),
);

describe('tool arguments nested 10,000 levels deep', () => {
  it('reaches every agent with such arguments', () => {
    expect(new Set(cases.map(([, c]) => `${c.agent}/${c.kind}`)).size).toBe(ARGUMENTS.length);
  });

  it.each(cases)('%s', async (_name, c) => {
    const file = path.join(dir, `${c.row.n}-${c.kind}`, path.basename(c.row.absPath));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, c.text);
    const conversations = await byAgent.get(c.agent)!.parse(fileParseContext(file));
    const calls = conversations.flatMap((conv) => conv.messages.flatMap((m) => m.parts)).filter((p) => p.type === 'tool_call' && p.arguments.includes(DEEP_BOTTOM));
    expect(calls.length).toBeGreaterThan(0);
    if (c.kind === 'object') {
      expect(conversations.flatMap((conv) => conv.warnings)).toContainEqual({ line: c.lineNo, message: WARNING });
    } else {
      // A JSON string is kept as written: nothing to cut, nothing to warn about.
      expect(calls.some((p) => p.type === 'tool_call' && p.arguments.includes(`{"deep":{"deep":{"deep":`))).toBe(true);
    }
    expect(() => structuredClone(conversations)).not.toThrow();
    expect(JSON.stringify(conversations)).toContain(DEEP_BOTTOM);
  });
});
