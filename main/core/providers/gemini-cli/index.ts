/** The Gemini CLI provider: chat files and logs.json under `~/.gemini/tmp/<project id>/`. */
import type { Provider } from '../provider';
import { detectGeminiCli } from './detect';
import { locateGeminiFiles } from './locate';
import { parseGeminiFile } from './parse';
import { resumeCommand } from './resume';

export const geminiCliProvider: Provider = {
  agent: 'gemini-cli',
  locate: locateGeminiFiles,
  detect: detectGeminiCli,
  parse: parseGeminiFile,
  resumeCommand,
};
