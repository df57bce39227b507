/** The Cursor CLI provider: agent transcripts under `~/.cursor/projects` and `~/.cursor/chats` stores. */
import type { Provider } from '../kit/provider';
import { detectCursor } from './detect';
import { CURSOR_FOLDERS, locateCursor } from './locate';
import { parseCursor } from './parse';
import { resumeCursor } from './resume';
import { storesOfTranscript } from './store-of';

export const cursorCliProvider: Provider<'cursor-cli'> = {
  agent: 'cursor-cli',
  sessionFolders: CURSOR_FOLDERS,
  locate: locateCursor,
  detect: detectCursor,
  replaces: storesOfTranscript,
  mirrors: true,
  companionsOf: storesOfTranscript,
  parse: parseCursor,
  resumeCommand: resumeCursor,
};
