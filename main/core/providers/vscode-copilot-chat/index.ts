/** VS Code chat (GitHub Copilot Chat): `workspaceStorage/<hash>/chatSessions/<id>.json|.jsonl`. */
import type { Provider } from '../kit/provider';
import { detectVscodeChat } from './detect';
import { VSCODE_CHAT_FOLDERS, locateVscodeChats } from './locate';
import { parseVscodeChat } from './parse';
import { resumeCommand } from './resume';

export const vscodeCopilotChatProvider: Provider<'vscode-copilot-chat'> = {
  agent: 'vscode-copilot-chat',
  sessionFolders: VSCODE_CHAT_FOLDERS,
  locate: locateVscodeChats,
  detect: detectVscodeChat,
  parse: parseVscodeChat,
  resumeCommand,
};
