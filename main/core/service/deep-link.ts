/**
 * `dejavu://` links, which the OS hands to the desktop app (and `dejavu open` builds). Parsed
 * strictly here, without Electron, because the URL comes from outside: anything that is not
 * exactly `dejavu://conversation/<id>` or `dejavu://conversation/<id>/message/<index>` with a
 * well-formed id is refused.
 */

export const DEEP_LINK_SCHEME = 'dejavu';

/** What a link asks the app to do. */
export interface DeepLinkCommand {
  readonly command: 'open-conversation';
  readonly id: string;
  /** The message to show (its index, as search hits and `#c=…&m=…` name it). */
  readonly message?: number;
}

/** Conversation ids are `<agent>_<native id>` or `<agent>__<container>_<native id>`, file-name-safe (see providers/kit/identity.ts). */
const CONVERSATION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isConversationId(id: string): boolean {
  return CONVERSATION_ID.test(id) && !id.includes('..');
}

/** The command a `dejavu://` URL carries, or undefined when it is not one we accept. */
export function parseDeepLink(url: string): DeepLinkCommand | undefined {
  if (typeof url !== 'string' || url.length > 1_000) return undefined;
  const match = /^dejavu:\/\/conversation\/([^/?#]+)(?:\/message\/(\d{1,9}))?\/?$/i.exec(url.trim());
  if (!match) return undefined;
  const message = match[2] !== undefined ? Number(match[2]) : undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  if (!isConversationId(id)) return undefined;
  return message === undefined ? { command: 'open-conversation', id } : { command: 'open-conversation', id, message };
}

/** The first acceptable deep link among a process's arguments (Windows and Linux pass it there). */
export function deepLinkFromArgv(argv: readonly string[]): DeepLinkCommand | undefined {
  for (const arg of argv) {
    if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) continue;
    const link = parseDeepLink(arg);
    if (link) return link;
  }
  return undefined;
}

/** The link that opens a conversation (at a message) in the desktop app. */
export function conversationLink(id: string, message?: number): string {
  return `${DEEP_LINK_SCHEME}://conversation/${encodeURIComponent(id)}${message !== undefined ? `/message/${message}` : ''}`;
}

/** The hash route the app (desktop or served by `dejavu serve`) opens a conversation at. */
export function conversationRoute(id: string): string {
  return `#/conversation/${encodeURIComponent(id)}`;
}
