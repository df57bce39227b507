/**
 * The digest fields the timeline, the usage report and the plans list read, in a table of their
 * own: `digests.data` is a conversation's whole digest (6 KB of JSON on average), and reading a
 * dozen fields of every row with json_extract parsed all of it (77 MB at 1M messages) on every
 * one of those requests. `digest_facts` holds those fields already extracted, one row per digest.
 *
 * Triggers on `digests` keep it in step, so every write path (a digest stored or replaced,
 * renamed by a migration, deleted by hand or by repair) keeps it right without code of its own;
 * the rows of the digests already stored are filled here. The columns have no declared type on
 * purpose: each holds json_extract's value as it is (no affinity conversion), so a read gives
 * exactly what json_extract over `digests.data` gave. The JSON pieces (usage, buckets, file
 * touches, the version-1 file list, plans) are kept as their JSON text. A digest that is not
 * JSON (damaged by hand) has no facts row, so it cannot stop this step, nor a later store: the
 * reports leave it out, as verify does ("an unreadable digest witnesses nothing").
 */
import type { Migration } from './migration';

/** The columns and what fills them from a `digests` row named `d` (`outcome` is a column of its own there). */
const FACTS: readonly (readonly [column: string, value: (d: string) => string])[] = [
  ['conversation_id', (d) => `${d}.conversation_id`],
  ['agent', (d) => `json_extract(${d}.data, '$.agent')`],
  ['workspace', (d) => `json_extract(${d}.data, '$.workspace')`],
  ['instance', (d) => `json_extract(${d}.data, '$.instance')`],
  ['cwd', (d) => `json_extract(${d}.data, '$.cwd')`],
  ['git_branch', (d) => `json_extract(${d}.data, '$.gitBranch')`],
  ['title', (d) => `json_extract(${d}.data, '$.title')`],
  ['first_prompt', (d) => `json_extract(${d}.data, '$.firstPrompt')`],
  ['started_at', (d) => `json_extract(${d}.data, '$.startedAt')`],
  ['ended_at', (d) => `json_extract(${d}.data, '$.endedAt')`],
  ['outcome', (d) => `${d}.outcome`],
  ['prompts', (d) => `json_extract(${d}.data, '$.counts.prompts')`],
  ['parent_id', (d) => `json_extract(${d}.data, '$.parentId')`],
  ['model', (d) => `json_extract(${d}.data, '$.model')`],
  ['usage', (d) => `json_extract(${d}.data, '$.usage')`],
  ['usage_buckets', (d) => `json_extract(${d}.data, '$.usageBuckets')`],
  ['file_touches', (d) => `json_extract(${d}.data, '$.fileTouches')`],
  ['legacy_files', (d) => `json_extract(${d}.data, '$.filesTouched')`],
  ['plans', (d) => `json_extract(${d}.data, '$.plans')`],
];

const COLUMNS = FACTS.map(([c]) => c).join(', ');
const valuesOf = (d: string) => FACTS.map(([, v]) => v(d)).join(', ');

export const migration008: Migration = {
  version: 8,
  name: 'digest-facts',
  sql: `
    CREATE TABLE digest_facts (conversation_id TEXT PRIMARY KEY, ${FACTS.slice(1)
      .map(([c]) => c)
      .join(', ')});

    -- An INSERT OR REPLACE on digests replaces its row without a delete trigger (recursive_triggers off):
    -- the old facts go first, so a replacement that is not JSON leaves none behind.
    CREATE TRIGGER digest_facts_after_insert AFTER INSERT ON digests BEGIN
      DELETE FROM digest_facts WHERE conversation_id = NEW.conversation_id;
      INSERT INTO digest_facts (${COLUMNS}) SELECT ${valuesOf('NEW')} WHERE json_valid(NEW.data);
    END;
    CREATE TRIGGER digest_facts_after_update AFTER UPDATE OF conversation_id, outcome, data ON digests BEGIN
      DELETE FROM digest_facts WHERE conversation_id = OLD.conversation_id;
      INSERT OR REPLACE INTO digest_facts (${COLUMNS}) SELECT ${valuesOf('NEW')} WHERE json_valid(NEW.data);
    END;
    CREATE TRIGGER digest_facts_after_delete AFTER DELETE ON digests BEGIN
      DELETE FROM digest_facts WHERE conversation_id = OLD.conversation_id;
    END;

    INSERT INTO digest_facts (${COLUMNS}) SELECT ${valuesOf('d')} FROM digests d WHERE json_valid(d.data);
  `,
};
