/** The Gemini CLI provider: chat files and logs.json under `~/.gemini/tmp/<project id>/`. */
import type { Provider } from '../kit/provider';
import { detectGeminiCli } from './detect';
import { GEMINI_FOLDERS, locateGeminiFiles } from './locate';
import { parseGeminiFile } from './parse';
import { resumeCommand } from './resume';

export const geminiCliProvider: Provider<'gemini-cli'> = {
  agent: 'gemini-cli',
  sessionFolders: GEMINI_FOLDERS,
  locate: locateGeminiFiles,
  detect: detectGeminiCli,
  parse: parseGeminiFile,
  resumeCommand,
};
