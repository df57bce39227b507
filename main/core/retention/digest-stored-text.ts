/**
 * A digest's prompt texts too long to hold as one string (a huge line's far text, digest.ts
 * `StoredPromptPart`): kept in the archive's content store when the digest is made, and read back
 * from it, slice by slice, for the stage-2 thread rebuilt from the digest.
 */
import { type FarText, farString } from '../../../shared/far-strings';
import { stringSlices } from '../../../shared/string-slices';
import { archiveContent } from '../archive/blob-store';
import type { KeepText } from './digest';

/** Slices of a stored text as the codec streams them back in (about a MiB each). */
const SLICE_CHARS = 1024 * 1024;

/** Keeps a far text in `root`'s content store (once: an existing file is only hashed); undefined where no store can be written. */
export function keepInStore(root: string): KeepText {
  const store = archiveContent(root);
  return (far) => (store.threshold === Infinity ? undefined : store.putSlices(() => far.slices()).hash);
}

/** The stored text of `hash` as a far string: the codec names it by its hash again, and reads it only when asked. */
export function storedText(root: string): (hash: string) => string {
  const store = archiveContent(root);
  return (hash) => {
    const text: FarText = { slices: () => stringSlices(store.get(hash).toString('utf8'), SLICE_CHARS) };
    return farString(`stored:${root}:${hash}`, text);
  };
}
