/** The Claude Code provider: `~/.claude/projects/**.jsonl` session transcripts. */
import type { Provider } from '../provider';
import { detectClaudeCode } from './detect';
import { locateClaudeCode } from './locate';
import { claudeCodeIncremental, parseClaudeCode } from './parse';
import { resumeClaudeCode } from './resume';

export const claudeCodeProvider: Provider = {
  agent: 'claude-code',
  locate: locateClaudeCode,
  detect: detectClaudeCode,
  parse: parseClaudeCode,
  incremental: claudeCodeIncremental,
  resumeCommand: resumeClaudeCode,
};
