/** The Qwen Code provider: ChatRecord JSONL under `~/.qwen/projects/`, and the older Gemini-format files under `~/.qwen/tmp/`. */
import type { Provider } from '../kit/provider';
import { detectQwenCode } from './detect';
import { QWEN_FOLDERS, locateQwenFiles } from './locate';
import { parseQwenFile } from './parse';
import { resumeCommand } from './resume';

export const qwenCodeProvider: Provider<'qwen-code'> = {
  agent: 'qwen-code',
  sessionFolders: QWEN_FOLDERS,
  locate: locateQwenFiles,
  detect: detectQwenCode,
  parse: parseQwenFile,
  resumeCommand,
};
