/**
 * The app service's reading thread for `dejavu serve` (out/cli/reading.mjs): a bundle of the
 * reading channels alone, so the thread does not load and compile the whole CLI a second time.
 */
import { runReadingThread } from '../core/service/reading-thread';

runReadingThread();
