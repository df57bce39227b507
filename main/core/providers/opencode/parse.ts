/** Parses an OpenCode source (`opencode.db`, a `storage/` session file, an export) with the reader OpenCode and Kilo Code share. */
import type { Conversation } from '../../../../shared/record';
import { parseOpenCodeFamily } from '../kit/opencode-family/parse';
import type { ParseContext } from '../kit/provider';

export function parseOpenCode(ctx: ParseContext): Promise<Conversation[]> {
  return parseOpenCodeFamily('opencode', ctx);
}
