/** The search indexer's thread in the desktop app (a worker cannot load electron). */
import { runIndexerThread } from '../core/search/index-sink';

runIndexerThread();
