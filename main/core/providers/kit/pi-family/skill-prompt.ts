/**
 * `/skill:name args` in Pi is stored as the user's message with the skill file expanded in it
 * (agent-session.ts _expandSkillCommand; parseSkillBlock reads it back): `<skill name="name"
 * location="/…/SKILL.md">\n…the skill…\n</skill>`, then a blank line and what was typed after the
 * command. Pi shows it as the command and a collapsed skill: so do we.
 */
import type { Part } from '../../../../../shared/record';

const SKILL_BLOCK = /^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/;

/** The typed command and the expanded skill of a user message's parts, or undefined when it holds none. */
export function skillPrompt(parts: readonly Part[]): { typed: Part[]; skill: Part[] } | undefined {
  const first = parts.findIndex((p) => p.type === 'text');
  const part = parts[first];
  if (!part || part.type !== 'text') return undefined;
  const text = part.content.replace(/\r\n/g, '\n');
  const match = SKILL_BLOCK.exec(text);
  if (!match) return undefined;
  const args = match[4]?.trim();
  const typed: Part[] = [{ type: 'text', content: `/skill:${match[1]}${args ? ` ${args}` : ''}` }, ...parts.filter((_, i) => i !== first)];
  return { typed, skill: [{ type: 'text', content: text.slice(0, text.length - (match[4]?.length ?? 0)).trimEnd() }] };
}
