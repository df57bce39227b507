/** Every migration of search.db, in order. Append only. */
import type { Migration } from '../../archive/migrations/migration';
import { searchMigration001 } from './001-message-fts';
import { searchMigration002 } from './002-recency-rows';
import { searchMigration003 } from './003-packed-rowids';
import { searchMigration004 } from './004-word-index';
import { searchMigration005 } from './005-fts5-vocabulary';

export const SEARCH_MIGRATIONS: readonly Migration[] = [searchMigration001, searchMigration002, searchMigration003, searchMigration004, searchMigration005];
