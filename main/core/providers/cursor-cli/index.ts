/** The Cursor CLI provider: agent transcripts under `~/.cursor/projects` and `~/.cursor/chats` stores. */
import type { Provider } from '../provider';
import { detectCursor } from './detect';
import { locateCursor } from './locate';
import { parseCursor } from './parse';
import { resumeCursor } from './resume';

export const cursorCliProvider: Provider = {
  agent: 'cursor-cli',
  locate: locateCursor,
  detect: detectCursor,
  parse: parseCursor,
  resumeCommand: resumeCursor,
};
