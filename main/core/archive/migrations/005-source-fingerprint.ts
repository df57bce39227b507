/**
 * What a source held when it was last read: a hash of its first and last bytes up to the read
 * offset. A later read that finds the same bytes there knows the file only grew; any other
 * change (shorter, rewound, rewritten) makes the writer keep what the file no longer holds.
 * `rewrite_count` says which conversations hold such kept messages, so a file that only grew
 * is stored without reading its archived copy first.
 */
import type { Migration } from './migration';

export const migration005: Migration = {
  version: 5,
  name: 'source-fingerprint',
  sql: `
    ALTER TABLE sources ADD COLUMN fingerprint TEXT;
    ALTER TABLE conversations ADD COLUMN rewrite_count INTEGER NOT NULL DEFAULT 0;
  `,
};
