/** The search indexer's thread in the desktop app (a worker cannot load electron). */
import { runIndexerThread } from '../core/use-cases/open-archive';

runIndexerThread();
