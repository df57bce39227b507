/** The validation schema of a retention settings update (kept out of retention.ts, which the renderer imports). */
import { z } from 'zod';
import { EVICTION_CADENCES, type RetentionPatch } from './retention';

export const retentionPatchSchema = z
  .object({
    softCapBytes: z.number().int().min(0).optional(),
    hardCapBytes: z.number().int().min(0).optional(),
    maxAgeDays: z.number().int().min(1).nullable().optional(),
    digestCapBytes: z.number().int().min(0).optional(),
    cadence: z.enum(EVICTION_CADENCES).optional(),
  })
  .strict() satisfies z.ZodType<RetentionPatch>;
