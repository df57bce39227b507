/**
 * How the renderer reaches the archive: the preload bridge inside Electron, or HTTP when the
 * same UI is served by `dejavu serve`. Both speak the contract and answer Results.
 */
import type { DejavuBridge } from '../../shared/bridge';
import type { ChannelName, ContractEvents, EventName, RequestOf, ResponseOf } from '../../shared/contract';
import type { ContractError, Result } from '../../shared/result';

declare global {
  interface Window {
    readonly dejavu?: DejavuBridge;
  }
}

export interface Transport {
  readonly kind: 'electron' | 'http';
  /** `signal` gives the request up: aborted over HTTP, named and given up over IPC; main then does not begin it if it has not yet. */
  call<C extends ChannelName>(channel: C, request: RequestOf<C>, signal?: AbortSignal): Promise<Result<ResponseOf<C>>>;
  subscribe<E extends EventName>(event: E, listener: (payload: ContractEvents[E]) => void): () => void;
}

function electronTransport(bridge: DejavuBridge): Transport {
  // This page's own prefix: a reload starts counting again while the old page's requests may still be under way.
  const page = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('');
  let tickets = 0;
  return {
    kind: 'electron',
    call(channel, request, signal) {
      if (!signal) return bridge.invoke[channel](request) as never;
      const ticket = `${page}:${(tickets += 1)}`;
      const giveUp = () => bridge.giveUp(ticket);
      const answer = bridge.invoke[channel](request, ticket) as Promise<never>;
      if (signal.aborted) giveUp();
      else signal.addEventListener('abort', giveUp, { once: true });
      return answer.finally(() => signal.removeEventListener('abort', giveUp));
    },
    subscribe: (event, listener) => bridge.subscribe(event, listener as (p: unknown) => void),
  };
}

function httpTransport(): Transport {
  let source: EventSource | undefined;
  return {
    kind: 'http',
    async call(channel, request, signal) {
      const res = await fetch(`/api/${channel}`, {
        method: 'POST',
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request ?? {}),
        credentials: 'same-origin',
      });
      if (!res.ok) return { ok: false, error: { code: res.status === 401 ? 'forbidden' : 'internal', message: (await res.text()).trim() } };
      return (await res.json()) as never;
    },
    subscribe(event, listener) {
      source ??= new EventSource('/api/events');
      const handler = (e: MessageEvent<string>) => listener(JSON.parse(e.data));
      source.addEventListener(event, handler);
      return () => source?.removeEventListener(event, handler);
    },
  };
}

export const transport: Transport = window.dejavu ? electronTransport(window.dejavu) : httpTransport();

/** A contract error as an exception, for TanStack Query's error state. */
export class ContractCallError extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
  }
}

/** Call a channel and unwrap its Result. */
export async function call<C extends ChannelName>(channel: C, request: RequestOf<C>, signal?: AbortSignal): Promise<ResponseOf<C>> {
  const result = await transport.call(channel, request, signal);
  if (!result.ok) throw new ContractCallError(result.error);
  return result.value;
}
