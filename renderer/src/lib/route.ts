/**
 * The app's address: `#c=<id>&m=<index>` (what the app writes) and `#/conversation/<id>`
 * (what `dejavu open` prints when there is no desktop app). Both open a conversation.
 */
export interface Route {
  readonly id?: string;
  readonly message?: number;
}

/** Where an opened thread should go: a message, with the terms a search hit matched. */
export interface JumpTarget {
  readonly index: number;
  /** Changes on every request, so the same message can be jumped to again. */
  readonly nonce: number;
  /** The search terms the hit matched: shown, highlighted and stepped through in the thread. */
  readonly terms?: readonly string[];
}

export function parseRoute(hash: string): Route {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const path = /^\/conversation\/([^/?#&]+)\/?(?:\?(.*))?$/.exec(h);
  if (path) {
    const id = safeDecode(path[1]);
    const m = new URLSearchParams(path[2] ?? '').get('m');
    return id ? { id, message: index(m) } : {};
  }
  const p = new URLSearchParams(h);
  const id = p.get('c') || undefined;
  return { id, message: id ? index(p.get('m')) : undefined };
}

export function formatRoute(r: Route): string {
  const p = new URLSearchParams();
  if (r.id) p.set('c', r.id);
  if (r.message !== undefined) p.set('m', String(r.message));
  const s = p.toString();
  return s ? `#${s}` : '';
}

function index(m: string | null): number | undefined {
  return m !== null && /^\d+$/.test(m) ? Number(m) : undefined;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
