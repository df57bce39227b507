/**
 * Far strings (shared/far-strings.ts: a huge line's long strings left in its file) as the codec
 * writes them: into the content store slice by slice, and in a native record as the same markers
 * a stored part's text gets (native-markers.ts), so the record reads back as if it had been read whole.
 */
import { farStringsIn, farText, type FarText, wholeFarText } from '../../../shared/far-strings';
import type { ContentStore } from './codec';
import type { KeptText } from './native-markers';

/** The hash a far string is kept under, or undefined without a store (it is then written whole). */
export function storedFar(far: FarText, store: ContentStore | undefined): string | undefined {
  return store && store.threshold !== Infinity ? store.putSlices(() => far.slices()).hash : undefined;
}

/**
 * The native record with every far string in it kept: stored and added to `kept` (withMarkers then
 * puts its marker in), or, without a store or where markers cannot be told apart (a raw NUL), written whole.
 */
export function nativeFarStrings(native: string, kept: KeptText[], store: ContentStore | undefined): string {
  const standIns = farStringsIn(native);
  if (!standIns.length) return native;
  let out = native;
  for (const standIn of standIns) {
    const far = farText(standIn)!;
    const ref = native.includes('\u0000') ? undefined : (kept.find((k) => k.text === standIn)?.hash ?? storedFar(far, store));
    if (ref) {
      if (!kept.some((k) => k.text === standIn)) kept.push({ hash: ref, form: 'j', text: standIn });
    } else out = out.replaceAll(JSON.stringify(standIn).slice(1, -1), JSON.stringify(wholeFarText(far)).slice(1, -1));
  }
  return out;
}
