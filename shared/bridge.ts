/** The shape of `window.dejavu`, the object the preload exposes (absent in a plain browser). */
import type { ChannelName, EventName } from './contract';

export interface DejavuBridge {
  /** `ticket`: names the request for `giveUp` (any string the renderer picks, unique among its requests under way). */
  readonly invoke: Readonly<Record<ChannelName, (request: unknown, ticket?: string) => Promise<unknown>>>;
  /** The renderer no longer wants the answer of the request `ticket` named: main does not begin it if it has not yet. */
  giveUp(ticket: string): void;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  readonly platform: string;
}
