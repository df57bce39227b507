/**
 * How to reopen a Qwen Code conversation: `qwen --resume <session id>` in its project directory
 * (sessions are scoped to the project; `--resume`/`-r` takes an id since v0.3, QwenLM/qwen-code
 * issue #1100). Sessions in the pre-v0.3 JSON format cannot be resumed by current versions;
 * subagent threads and prompts-only conversations have nothing to resume.
 */
import type { Conversation } from '../../../../shared/record';
import { resumeWith } from '../kit/gemini-family/resume';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  if (/\.json$/i.test(conversation.sourcePath)) return undefined;
  return resumeWith('qwen', 'qwen-code', conversation);
}
