/** The prompt a conversation is titled by: the first one typed, or else its first slash command. */
import type { ConversationBuilder } from './builder';
import { slashCommandLabel } from './classify';
import { blocksOf, leadingText } from './records';

/** The typed text for a title: IDE context blocks (`<ide_opened_file>…`) come first; skip them. */
export function promptText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return leadingText(content);
  for (const block of blocksOf(content)) {
    if (block.type === 'text' && typeof block.text === 'string' && !block.text.startsWith('<ide_')) return block.text;
  }
  return leadingText(content);
}

/** Notes a typed prompt (or a slash command, `slash`) as the title's source, if it is the first. */
export function notePrompt(builder: ConversationBuilder, text: string | undefined, slash: boolean): void {
  if (text === undefined || builder.firstPrompt !== undefined) return;
  if (!slash) builder.firstPrompt = text;
  else builder.firstSlash ??= slashCommandLabel(text);
}
