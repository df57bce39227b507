/**
 * Which machine an archive belongs to: an id and a name kept in the index's settings table,
 * recorded by the archive's writer the first time it opens. Conversations merged from another
 * archive take that archive's machine name as their instance, so they stay told apart.
 */
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { z } from 'zod';
import type { ReadableIndex, WritableIndex } from './db';
import { getSetting } from './index-store/read-settings';
import { putSetting } from './index-store/write-settings';

const KEY = 'machine';

export interface Machine {
  readonly id: string;
  readonly name: string;
}

export const machineSchema = z.object({ id: z.string().min(1).max(200), name: z.string().min(1).max(200) });

/** This computer's name: DEJAVU_MACHINE_NAME when set (to name it at setup), else the host name. */
export function localMachineName(env: NodeJS.ProcessEnv = process.env): string {
  return (env.DEJAVU_MACHINE_NAME?.trim() || os.hostname() || 'unnamed').slice(0, 200);
}

/** The archive's machine as recorded; undefined for an archive last written before it was. */
export function recordedMachine(db: ReadableIndex): Machine | undefined {
  const text = getSetting(db, KEY);
  if (!text) return undefined;
  try {
    return machineSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Record the machine once (the writer's first open); later opens keep the first record. */
export function recordMachine(db: WritableIndex): Machine {
  const known = recordedMachine(db);
  if (known) return known;
  const machine = { id: randomUUID(), name: localMachineName() };
  putSetting(db, KEY, JSON.stringify(machine));
  return machine;
}

/**
 * The machine of an archive read without writing to it: as recorded, else (an archive not
 * written since machines were recorded) this computer under an id derived from its name.
 */
export function machineOf(db: ReadableIndex): Machine {
  const name = localMachineName();
  return recordedMachine(db) ?? { id: `host:${createHash('sha256').update(name).digest('hex').slice(0, 16)}`, name };
}

/**
 * The instance a conversation from another archive takes here: that archive's own conversations
 * ('host' there) are named after its machine; a jackin container or a machine it merged keeps
 * its name. From this very archive (the same machine id), nothing changes.
 */
export function instanceHere(instance: string, from: Machine, here: Machine): string {
  if (from.id === here.id) return instance;
  return instance === 'host' ? from.name : instance;
}
