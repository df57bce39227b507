/** The shape of `window.dejavu`, the object the preload exposes (absent in a plain browser). */
import type { ChannelName, EventName } from './contract';

export interface DejavuBridge {
  readonly invoke: Readonly<Record<ChannelName, (request: unknown) => Promise<unknown>>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  readonly platform: string;
}
