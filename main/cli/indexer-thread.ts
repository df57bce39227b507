/**
 * The search indexer's thread for the CLI (out/cli/indexer.mjs): a bundle of the indexer alone,
 * so the thread does not load and compile the whole CLI a second time (tens of MB of peak RSS
 * for every `sync` and `import`: README, "One huge session").
 */
import { runIndexerThread } from '../core/use-cases/open-archive';

runIndexerThread();
