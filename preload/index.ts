/**
 * The renderer's only door to main: one frozen object with a method per contract channel and
 * a subscription per event, built from the contract's keys. No generic invoke is exposed.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ChannelName, EventName } from '../shared/contract';
import { CHANNEL_NAMES as CHANNELS, EVENT_NAMES as EVENTS, GIVE_UP_CHANNEL } from '../shared/channels';

const invoke = Object.fromEntries(
  CHANNELS.map((channel) => [channel, (request: unknown, ticket?: string) => ipcRenderer.invoke(channel, request, typeof ticket === 'string' ? ticket : undefined)]),
) as Record<ChannelName, (request: unknown, ticket?: string) => Promise<unknown>>;

/** A request the renderer gave up (shared/bridge.ts): main answers it `cancelled` unless begun. */
function giveUp(ticket: string): void {
  if (typeof ticket === 'string') ipcRenderer.send(GIVE_UP_CHANNEL, ticket);
}

function subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
  if (!(EVENTS as readonly string[]).includes(event)) throw new Error(`unknown event ${event}`);
  const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(event, wrapped);
  return () => ipcRenderer.off(event, wrapped);
}

contextBridge.exposeInMainWorld('dejavu', Object.freeze({ invoke: Object.freeze(invoke), giveUp, subscribe, platform: process.platform }));
