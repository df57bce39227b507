/**
 * A `!command` the person runs in OpenCode 1.x (SessionPrompt.shell) is stored as a user message
 * holding only the synthetic text "The following tool was executed by the user", then an
 * assistant message with the `bash` tool part that ran it (`state.input.command`). Read as it is
 * stored, the command would be the agent's and the person's turn a harness note: the user message
 * becomes the command as typed (`!npm test`), its stored part kept as its native record. (OpenCode 2
 * writes a `shell` row of its own: sqlite-v2.ts.)
 */
import { obj, str } from '../json';
import type { OcMessage } from './source';

const SHELL_NOTE = 'The following tool was executed by the user';

export function withShellCommands(messages: readonly OcMessage[]): OcMessage[] {
  return messages.map((m, i) => {
    if (str(m.info.data.role) !== 'user' || m.parts.length !== 1) return m;
    const note = m.parts[0];
    if (note.data.type !== 'text' || note.data.synthetic !== true || str(note.data.text)?.trim() !== SHELL_NOTE) return m;
    const next = messages[i + 1];
    if (!next || str(next.info.data.role) !== 'assistant') return m;
    const tool = next.parts.find((p) => p.data.type === 'tool');
    const command = str(obj(obj(tool?.data.state)?.input)?.command);
    if (!command || str(tool?.data.tool) !== 'bash') return m;
    return { ...m, parts: [{ data: { ...note.data, type: 'text', text: `!${command}`, synthetic: false }, raw: note.raw }] };
  });
}
