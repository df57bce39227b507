/**
 * The app's address: `#c=<id>&m=<index>` (what the app writes) and `#/conversation/<id>`
 * (what `dejavu open` prints when there is no desktop app). Both open a conversation.
 */
export interface Route {
  readonly id?: string;
  readonly message?: number;
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
