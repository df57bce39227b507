/**
 * Reads the `opencode export <id>` document: `{info, messages: [{info, parts}]}`. One JSON
 * document, one session. A message that is not an object (or has no `info`) is skipped with a
 * warning; everything else in the file is kept.
 */
import type { ParseWarning } from '../../../../../shared/record';
import { arr, isObject, obj, type Json } from '../json';
import type { OcMessage, OcSession, Raw } from './source';

export function readExport(doc: Json): OcSession {
  const info = obj(doc.info) ?? {};
  const warnings: ParseWarning[] = [];
  const messages: OcMessage[] = [];
  arr(doc.messages).forEach((m, index) => {
    const mInfo = isObject(m) ? obj(m.info) : undefined;
    if (!isObject(m) || !mInfo) {
      warnings.push({ message: `Message #${index + 1} is not an {info, parts} object; skipped` });
      return;
    }
    const parts: Raw[] = [];
    arr(m.parts).forEach((p, partIndex) => {
      if (isObject(p)) parts.push(raw(p));
      else warnings.push({ message: `Message #${index + 1} part #${partIndex + 1} is not an object; skipped` });
    });
    messages.push({ info: raw(mInfo), parts });
  });
  return { info, messages, warnings };
}

/** The export is pretty-printed as one document; each record is kept as one compact JSON line. */
function raw(data: Json): Raw {
  return { data, raw: JSON.stringify(data) };
}
