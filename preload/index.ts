/**
 * The renderer's only door to main: one frozen object with a method per contract channel and
 * a subscription per event, built from the contract's keys. No generic invoke is exposed.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ChannelName, EventName } from '../shared/contract';
import { CHANNEL_NAMES as CHANNELS, EVENT_NAMES as EVENTS } from '../shared/channels';

const invoke = Object.fromEntries(CHANNELS.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(channel, request)])) as Record<
  ChannelName,
  (request: unknown) => Promise<unknown>
>;

function subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
  if (!(EVENTS as readonly string[]).includes(event)) throw new Error(`unknown event ${event}`);
  const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(event, wrapped);
  return () => ipcRenderer.off(event, wrapped);
}

contextBridge.exposeInMainWorld('dejavu', Object.freeze({ invoke: Object.freeze(invoke), subscribe, platform: process.platform }));
