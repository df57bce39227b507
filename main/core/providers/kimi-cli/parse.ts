/** Parses a Kimi source: a kimi-cli context JSONL or a kimi-code agent `wire.jsonl`. */
import type { Conversation } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { parseContextFile } from './context-file';
import { classify } from './names';
import { parseWireFile } from './wire-file';

export async function parseKimi(ctx: ParseContext): Promise<Conversation[]> {
  const file = classify(ctx.path);
  return file.format === 'wire' ? parseWireFile(ctx, file) : parseContextFile(ctx, file);
}
