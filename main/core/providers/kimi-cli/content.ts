/**
 * Content parts of Kimi messages (the kosong `ContentPart` union): `text`, `think`,
 * `image_url`, `audio_url`, `video_url`. kimi-cli (Python) serialises media as
 * `image_url: {url}`, kimi-code (TypeScript) as `imageUrl: {url}`; both are read.
 */
import type { Part } from '../../../../shared/record';
import { arr, isObject, obj, str, type Json } from '../kit/json';

const MEDIA: Record<string, { key: string; camel: string; modality: 'image' | 'audio' | 'video' }> = {
  image_url: { key: 'image_url', camel: 'imageUrl', modality: 'image' },
  audio_url: { key: 'audio_url', camel: 'audioUrl', modality: 'audio' },
  video_url: { key: 'video_url', camel: 'videoUrl', modality: 'video' },
};

/** `content` as a list of parts (a bare string is one text part). */
export function contentParts(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return arr(content).filter(isObject);
}

/** All text of a content value, parts joined by newlines. */
export function contentText(content: unknown): string {
  return contentParts(content)
    .map((p) => (p.type === 'text' ? (str(p.text) ?? '') : ''))
    .filter((t) => t !== '')
    .join('\n');
}

/**
 * One content part as a record part: blank text is dropped, thinking with only an encrypted
 * form is `redacted`, data-URL media become blobs, other media URLs stay as references.
 * Returns `unknown` for a part type this reader does not know.
 */
export function mapPart(p: Json): Part | 'unknown' | undefined {
  const type = str(p.type);
  if (type === 'text') {
    const text = str(p.text) ?? '';
    return text.trim() ? { type: 'text', content: text } : undefined;
  }
  if (type === 'think') {
    const think = str(p.think) ?? '';
    if (think.trim()) return { type: 'reasoning', content: think };
    return str(p.encrypted) ? { type: 'reasoning', content: '', redacted: true } : undefined;
  }
  const media = type ? MEDIA[type] : undefined;
  if (media) {
    const url = str(obj(p[media.key])?.url) ?? str(obj(p[media.camel])?.url) ?? '';
    const data = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
    if (data && data[2]) return { type: 'blob', modality: media.modality, mimeType: data[1] || `${media.modality}/*`, content: data[3] };
    // kimi-code offloads media to its blob store (`blobref:…`); the reference is what is left.
    return { type: 'generic', kind: type!, content: url };
  }
  return 'unknown';
}
