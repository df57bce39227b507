/**
 * `user.message` events Copilot CLI writes itself, that the person did not type: the AGENTS.md
 * files 1.0.7x finds (`source: "instruction-discovery"`, a `<system_reminder>` body), a notice
 * when a background agent ends (`<system_notification>`, no source) and a message relayed from
 * another session (its sent form a `<cross_session_message>`). No fixture has them: each is the
 * last typed prompt of row 48 with those fields, in the shapes public readers of 1.0.72–1.0.95
 * files show.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { copilotCliProvider } from './index';

const { tmp, row, parseMain } = providerUnderTest(copilotCliProvider);

describe('copilot-cli provider: prompts the harness wrote', () => {
  it('are system messages of their kind; a prompt that only mentions such a tag is still typed', async () => {
    const lines = readFileSync(row(48).absPath, 'utf8').split('\n').filter(Boolean);
    const typed = lines.filter((l) => l.includes('"type":"user.message"')).at(-1)!;
    const base = JSON.parse(typed) as { id: string; data: Record<string, unknown> };
    const as = (id: string, data: Record<string, unknown>) => JSON.stringify({ ...base, id, parentId: base.id, data: { ...base.data, ...data } });
    const extra = [
      as('inj-1', { source: 'instruction-discovery', content: '\n<system_reminder>\nCustom instructions from cli/AGENTS.md:\nRun the linter first.\n</system_reminder>' }),
      as('inj-2', { source: undefined, content: '<system_notification>\nBackground agent "tests" finished.\n</system_notification>' }),
      as('inj-3', { source: undefined, content: 'Please rebase on main.', transformedContent: '<cross_session_message>\nfrom_session_id: 5f0c…\nPlease rebase on main.\n</cross_session_message>' }),
      as('typed-1', { source: undefined, content: 'why did the <system_notification> say the agent finished?', transformedContent: undefined }),
      // A tag pasted, then the question about it: the person's.
      as('typed-2', { source: undefined, content: '<system_reminder>\nstale\n</system_reminder>\n\nWhy does Copilot keep adding this?', transformedContent: undefined }),
    ];
    const before = await parseMain(row(48).absPath);
    const file = path.join(tmp, 'injected', 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, [...lines, ...extra, ''].join('\n'));
    const c = await parseMain(file);
    const added = c.messages.filter((m) => ['inj-1', 'inj-2', 'inj-3', 'typed-1', 'typed-2'].some((id) => m.id.startsWith(id)));
    expect(added.map((m) => [m.role, m.kind])).toEqual([
      ['system', 'instructions'],
      ['system', 'system-notification'],
      ['system', 'cross-session-message'],
      ['user', undefined],
      ['user', undefined],
    ]);
    expect(textOf(added[3])).toMatch(/^why did/);
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(before.messages.filter((m) => m.role === 'user').length + 2);
  });
});
