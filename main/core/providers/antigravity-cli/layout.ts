/**
 * Where the Antigravity CLI keeps one conversation, from any of its files: the data root
 * (`~/.gemini/antigravity-cli`) and the conversation id (a UUID: the `brain/<id>/` folder name,
 * the `conversations/<id>.db` stem).
 */
import path from 'node:path';

export const TRANSCRIPT_FULL = 'transcript_full.jsonl';
export const TRANSCRIPT = 'transcript.jsonl';

export interface ConversationPlace {
  readonly root: string;
  readonly id: string;
  /** `transcript` for the brain/ mirror, `db` / `pb` for the store under conversations/. */
  readonly kind: 'transcript' | 'db' | 'pb';
}

export function placeOf(filePath: string): ConversationPlace | undefined {
  const name = path.basename(filePath);
  const dir = path.dirname(filePath);
  if (name === TRANSCRIPT_FULL || name === TRANSCRIPT) {
    // <root>/brain/<id>/.system_generated/logs/<name>
    const generated = path.dirname(dir);
    const conversation = path.dirname(generated);
    const brain = path.dirname(conversation);
    if (path.basename(dir) !== 'logs' || path.basename(generated) !== '.system_generated' || path.basename(brain) !== 'brain') return undefined;
    return { root: path.dirname(brain), id: path.basename(conversation), kind: 'transcript' };
  }
  const store = /^(.+)\.(db|pb)$/i.exec(name);
  if (store && path.basename(dir) === 'conversations') return { root: path.dirname(dir), id: store[1], kind: store[2].toLowerCase() as 'db' | 'pb' };
  return undefined;
}

/** The readable transcripts of a conversation, the full one first. */
export function transcriptsOf(root: string, id: string): string[] {
  const logs = path.join(root, 'brain', id, '.system_generated', 'logs');
  return [path.join(logs, TRANSCRIPT_FULL), path.join(logs, TRANSCRIPT)];
}
