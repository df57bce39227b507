/**
 * Anthropic Messages API content blocks, which Claude Code, Amp, Factory Droid (and Cline's API
 * history) all write: the block types whose meaning is the same in every one of them.
 * Tool-call defaults and tool results differ per agent and stay with each provider.
 */
import type { Part } from '../../../../shared/record';
import { str } from './json';

/** The fields these decoders read; any parsed block (a record or a typed view of one) fits. */
interface Block {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly thinking?: unknown;
}

/**
 * A text, thinking or redacted-thinking block as a part; undefined for any other block type.
 * Thinking with no text (newer versions keep only the signature) is `redacted`: the model
 * thought, but what it thought cannot be shown.
 */
export function textOrReasoningPart(block: Block): Part | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', content: str(block.text) ?? '' };
    case 'thinking': {
      const thinking = str(block.thinking) ?? str(block.text) ?? '';
      return thinking ? { type: 'reasoning', content: thinking } : { type: 'reasoning', content: '', redacted: true };
    }
    case 'redacted_thinking':
      return { type: 'reasoning', content: '', redacted: true };
    default:
      return undefined;
  }
}

/** True for the block types that call a tool (`server_tool_use`: a tool run by the API itself). */
export function isToolUse(block: Block): boolean {
  return block.type === 'tool_use' || block.type === 'server_tool_use';
}
