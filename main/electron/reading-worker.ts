/** The service's reading thread in the desktop app (a worker cannot load electron). */
import { runReadingThread } from '../core/service/reading-thread';

runReadingThread();
