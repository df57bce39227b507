/**
 * Which conversation is open (and which message to jump to), kept in the address so a link or a
 * reload opens the same place: `#c=<id>&m=<index>`.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatRoute, type JumpTarget, parseRoute, type Route } from './route';

export function readRoute(): Route {
  return parseRoute(location.hash);
}

function writeRoute(r: Route): void {
  const hash = formatRoute(r);
  history.replaceState(null, '', hash || location.pathname + location.search);
}

export interface RouteState {
  readonly route: Route;
  /** Where the open thread should go: a message, with the terms a search hit matched. */
  readonly jump: JumpTarget | undefined;
  /** Opens a conversation (at a message) and writes it to the address. */
  readonly go: (id: string, message?: number, terms?: readonly string[]) => void;
}

export function useRoute(): RouteState {
  const [route, setRoute] = useState<Route>(readRoute);
  const [jump, setJump] = useState<JumpTarget | undefined>(() => (route.message !== undefined ? { index: route.message, nonce: 1 } : undefined));
  const go = useCallback((id: string, message?: number, terms?: readonly string[]) => {
    const r = { id, message };
    setRoute(r);
    writeRoute(r);
    setJump(message !== undefined ? { index: message, nonce: Date.now(), terms } : undefined);
  }, []);

  // `#/conversation/<id>` (printed by `dejavu open`) is rewritten to the app's own form on load.
  useEffect(() => {
    if (route.id && location.hash.startsWith('#/')) writeRoute(route);
    // Only the address the page was opened at: route is read once here on purpose.
  }, []);
  return { route, jump, go };
}
