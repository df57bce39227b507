/** Parses a Kilo Code source with the reader it shares with OpenCode (Kilo CLI is an OpenCode fork with the same tables). */
import type { Conversation } from '../../../../shared/record';
import { parseOpenCodeFamily } from '../kit/opencode-family/parse';
import type { ParseContext } from '../kit/provider';

export function parseKilo(ctx: ParseContext): Promise<Conversation[]> {
  return parseOpenCodeFamily('kilo-code', ctx);
}
