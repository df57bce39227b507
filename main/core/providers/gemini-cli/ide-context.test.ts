/**
 * The IDE companion's editor context, which the CLI adds to the history as a user turn of its own
 * (core client.ts getIdeContextParts: the whole context, then its changes, in two wordings). No
 * fixture was written in IDE mode: the turns are row 33's last typed record with its text
 * replaced by each wording's first line and a JSON body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { geminiCliProvider } from './index';

const { tmp, row, parseMain } = providerUnderTest(geminiCliProvider);

const OPENINGS = [
  "Here is the user's editor context as a JSON object. This is for your information only.",
  "Here is a summary of changes in the user's editor context. This is for your information only.",
  "Here is a summary of changes in the user's editor context, in JSON format. This is for your information only.",
];

describe('gemini-cli provider: the editor context the CLI sends', () => {
  it('is system context, not a prompt; a person writing about their editor context is still typing', async () => {
    const lines = readFileSync(row(33).absPath, 'utf8').split('\n').filter(Boolean);
    const typed = JSON.parse(lines.filter((l) => (JSON.parse(l) as { type?: string }).type === 'user').at(-1)!) as Record<string, unknown>;
    const body = '\n```json\n{\n  "activeFile": {\n    "path": "/work/proj/src/index.ts",\n    "cursor": { "line": 4, "character": 2 }\n  }\n}\n```';
    const turns = OPENINGS.map((o, i) => JSON.stringify({ ...typed, id: `ide-${i}`, content: [{ text: o + body }], displayContent: undefined }));
    const person = JSON.stringify({ ...typed, id: 'person', content: [{ text: "Here is what my editor context shows: why is index.ts open?" }], displayContent: undefined });
    const before = await parseMain(row(33).absPath);
    const c = await parseMain(writeFileIn(path.join(tmp, 'ide', 'session.jsonl'), [...lines, ...turns, person, ''].join('\n')));
    expect(c.messages.filter((m) => m.id.startsWith('ide-')).map((m) => [m.role, m.kind])).toEqual(OPENINGS.map(() => ['system', 'ide-context']));
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(before.messages.filter((m) => m.role === 'user').length + 1);
    expect(textOf(c.messages.find((m) => m.id === 'person')!)).toContain('why is index.ts open?');
  });
});
