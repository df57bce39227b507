/** Pins: a pinned conversation is never evicted. Written under the writer lock (archive/locked-write.ts), like every write. */
export { setPinned } from '../archive/index-store/write-conversations';
