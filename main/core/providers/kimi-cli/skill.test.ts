/**
 * `/skill:<name> [request]` in kimi-cli: the user message it writes is the skill's SKILL.md
 * (read whole, frontmatter first) and, after the command, `User request:` with what was typed
 * (soul/kimisoul.py _make_skill_runner, skill/__init__.py read_skill_text). No fixture used a
 * skill: the lines are row 56's session with such a message added, its SKILL.md written here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { kimiCliProvider } from './index';

const kit = providerUnderTest(kimiCliProvider);
const { tmp, row } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);

const SKILL_MD = '---\nname: release-notes\ndescription: Write release notes from the merged pull requests\n---\n\n# Release notes\n\nList the merged pull requests since the last tag, then group them.';

function withUserLine(name: string, text: string): string {
  const lines = readFileSync(row(56).absPath, 'utf8').split('\n').filter(Boolean);
  const file = path.join(tmp, name);
  writeFileSync(file, [...lines, JSON.stringify({ role: 'user', content: text }), ''].join('\n'));
  return file;
}

describe('kimi provider: a skill run by its slash command', () => {
  it('is the command the person typed, with the skill file kept beside it', async () => {
    const c = await parseMain(withUserLine('skill.jsonl', `${SKILL_MD}\n\nUser request:\nfor v1.4 only`));
    const last = c.messages.at(-1)!;
    expect(last).toMatchObject({ role: 'user', kind: 'slash-command' });
    expect(textOf(last)).toBe('/skill:release-notes for v1.4 only');
    expect(last.parts[1]).toEqual({ type: 'generic', kind: 'skill', content: SKILL_MD });
  });

  it('is the bare command when nothing was typed after it', async () => {
    const c = await parseMain(withUserLine('bare.jsonl', SKILL_MD));
    expect(textOf(c.messages.at(-1)!)).toBe('/skill:release-notes');
  });

  it('leaves a typed prompt that quotes front matter without a description as typed', async () => {
    const typed = '---\nname: draft\n---\nwhy does this front matter not parse?';
    const c = await parseMain(withUserLine('typed.jsonl', typed));
    expect(c.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', content: typed }] });
    expect(c.messages.at(-1)!.kind).toBeUndefined();
  });
});
