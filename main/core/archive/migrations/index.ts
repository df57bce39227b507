/** Every migration, in order. Append only: an applied migration is never edited. */
import { migration001 } from './001-initial';
import { migration002 } from './002-search-moves-out';
import { migration003 } from './003-retention';
import { migration004 } from './004-blob-names';
import { migration005 } from './005-source-fingerprint';
import { migration006 } from './006-instance-ids';
import { migration007 } from './007-relation';
import { migration008 } from './008-digest-facts';
import type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008];
