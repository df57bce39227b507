/**
 * The contract's channel and event names alone, with no schema library: the sandboxed
 * preload imports this (it can load nothing but electron), and contract.ts checks that its
 * map has exactly these keys.
 */
export const CHANNEL_NAMES = [
  'dejavu:status',
  'dejavu:tree',
  'dejavu:conversations',
  'dejavu:conversation',
  'dejavu:messages',
  'dejavu:search',
  'dejavu:export',
  'dejavu:save-export',
  'dejavu:sync',
  'dejavu:sync-folder',
  'dejavu:open-external',
  'dejavu:pin',
  'dejavu:retention',
  'dejavu:set-retention',
  'dejavu:evict',
  'dejavu:integrity',
  'dejavu:usage',
  'dejavu:plans',
  'dejavu:timeline',
  'dejavu:files',
  'dejavu:privacy',
  'dejavu:set-privacy',
  'dejavu:merge-archive',
  'dejavu:space',
  'dejavu:agent-cleanup',
  'dejavu:doctor',
  'dejavu:pending-commands',
  'dejavu:viewing',
] as const;

export const EVENT_NAMES = ['dejavu:changed', 'dejavu:sync-progress', 'dejavu:command', 'dejavu:background-failure'] as const;

/** Not a contract channel: the renderer says on it (a one-way send) that it gave up a request it named (shared/bridge.ts giveUp). */
export const GIVE_UP_CHANNEL = 'dejavu:give-up';
