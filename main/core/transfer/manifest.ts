/**
 * What an exported archive says about itself (`manifest.json`, the tar's last member): which
 * machine it came from and, per conversation, the member holding its blob and what the index
 * knew of it. The blobs are the archive's own (codec.ts), so nothing is re-encoded on the way.
 */
import { z } from 'zod';
import { machineSchema } from '../archive/machine';

export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_FORMAT = 'dejavu-archive-export';
export const MANIFEST_VERSION = 1;

export const manifestEntrySchema = z.object({
  id: z.string().min(1),
  /** The tar member holding the blob. */
  file: z.string().min(1),
  agent: z.string(),
  workspace: z.string(),
  /** As the exporting archive names it ('host': that machine itself). */
  instance: z.string(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  messageCount: z.number().int().nonnegative(),
  /** Retention stage of the copy exported: 0 whole, 1 without raw bulk, 2 rebuilt from its digest. */
  stage: z.number().int().min(0).max(2),
});

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  machine: machineSchema,
  exportedAt: z.string(),
  filter: z.object({ workspace: z.string().optional(), agent: z.string().optional(), since: z.string().optional() }),
  conversations: z.array(manifestEntrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;
