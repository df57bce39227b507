/** Codex content arrays (message content, tool output items, images) → record parts. */
import type { BlobPart, Part } from '../../../../shared/record';
import { arr, isObject, str } from '../kit/json';

const TEXT_TYPES = new Set(['input_text', 'output_text', 'text', 'summary_text', 'reasoning_text']);

/** The text of a content array: its text items joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const item of arr(content)) {
    if (isObject(item) && TEXT_TYPES.has(item.type as string)) text += str(item.text) ?? '';
  }
  return text;
}

/** A content array as parts: text items → text, images → blob (data URL) or a reference. */
export function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return content ? [{ type: 'text', content }] : [];
  const parts: Part[] = [];
  for (const item of arr(content)) {
    if (!isObject(item)) continue;
    const type = str(item.type) ?? 'unknown';
    if (TEXT_TYPES.has(type)) {
      parts.push({ type: 'text', content: str(item.text) ?? '' });
    } else if (type === 'input_image' || type === 'output_image') {
      parts.push(imagePart(str(item.image_url) ?? ''));
    } else {
      parts.push({ type: 'generic', kind: type, content: JSON.stringify(item) });
    }
  }
  return parts;
}

const DATA_URL = /^data:([^;,]+)?(;base64)?,/;

/** An image as Codex keeps it: a data URL becomes a blob; a path or URL stays a reference. */
export function imagePart(url: string): BlobPart | Part {
  const m = DATA_URL.exec(url);
  if (m && m[2]) return { type: 'blob', modality: 'image', mimeType: m[1] ?? 'image/png', content: url.slice(m[0].length) };
  return { type: 'generic', kind: 'image-ref', content: url };
}

/** The images a user_message event carries: `images` (data URLs) and `local_images` (paths). */
export function eventImageParts(images: unknown, localImages: unknown): Part[] {
  const parts: Part[] = [];
  for (const image of arr(images)) {
    if (typeof image === 'string') parts.push(imagePart(image));
  }
  for (const local of arr(localImages)) {
    const path = typeof local === 'string' ? local : isObject(local) ? str(local.path) : undefined;
    if (path) parts.push({ type: 'generic', kind: 'local-image', content: path });
  }
  return parts;
}
