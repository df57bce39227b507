/** The Claude Code provider: `~/.claude/projects/**.jsonl` session transcripts. */
import type { Provider } from '../kit/provider';
import { detectClaudeCode } from './detect';
import { CLAUDE_FOLDERS, isClaudeCompanion, locateClaudeCode } from './locate';
import { parseClaudeCodeLarge } from './lazy';
import { claudeCodeIncremental, parseClaudeCode } from './parse';
import { resumeClaudeCode } from './resume';

export const claudeCodeProvider: Provider<'claude-code'> = {
  agent: 'claude-code',
  sessionFolders: CLAUDE_FOLDERS,
  locate: locateClaudeCode,
  detect: detectClaudeCode,
  companion: isClaudeCompanion,
  parse: parseClaudeCode,
  parseLarge: parseClaudeCodeLarge,
  incremental: claudeCodeIncremental,
  resumeCommand: resumeClaudeCode,
};
