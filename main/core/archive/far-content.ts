/**
 * Far strings (shared/far-strings.ts: a huge line's long strings left in its file) as the codec
 * writes them: into the content store slice by slice, and in a native record as the same markers
 * a stored part's text gets (native-markers.ts), so the record reads back as if it had been read whole.
 */
import { farString, farStringsIn, farText, type FarText, wholeFarText } from '../../../shared/far-strings';
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

/** Stored texts over a size as far strings, for the far read (codec.ts decodeConversationFar). */
export interface FarStoredTexts {
  /** The stored text of `hash` as a far string, or undefined when it is small enough to read whole. */
  text(hash: string): string | undefined;
  /** The same text JSON-escaped, as a native record writes it (its marker's form `j`). */
  json(hash: string): string | undefined;
}

/**
 * Every stored text over `above` bytes read again from the store frame by frame each time a writer
 * asks for it. Each is read through once here, so a damaged file fails the read (and the reader
 * falls back as for any unreadable blob) before anything is written.
 */
export function farStoredTexts(store: ContentStore, above: number): FarStoredTexts {
  const far = new Map<string, FarText | null>();
  const of = (hash: string): FarText | undefined => {
    let text = far.get(hash);
    if (text === undefined) {
      const sliced = store.sliced(hash);
      text = sliced.bytes !== undefined && sliced.bytes <= above ? null : { slices: sliced.slices };
      if (text) for (const _ of text.slices()); // checks its hash
      far.set(hash, text);
    }
    return text ?? undefined;
  };
  return {
    text: (hash) => {
      const text = of(hash);
      return text && farString(`stored:${hash}`, text);
    },
    json: (hash) => {
      const text = of(hash);
      return text && farString(`stored-json:${hash}`, { slices: () => jsonEscaped(text) });
    },
  };
}

/** A text as a JSON string holds it, a slice at a time: JSON escapes per character, and no slice splits a surrogate pair. */
function* jsonEscaped(text: FarText): Generator<string> {
  for (const slice of text.slices()) yield JSON.stringify(slice).slice(1, -1);
}
