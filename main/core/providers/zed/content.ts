/**
 * Content values Zed serializes with serde's default (externally tagged) enum form, shared by
 * both thread formats: tool result content (`LanguageModelToolResultContent`, whose hand-written
 * deserializer also takes a plain string, `{type:"text",text}`, `{text}`, `{image}`, a bare
 * image, and — newer — an array of these) and images (`LanguageModelImage {source, size}`,
 * base64 PNG: Zed re-encodes every image as PNG before storing it).
 */
import type { Part } from '../../../../shared/record';
import { isObject, str, type Json } from '../kit/json';

/** A `LanguageModelImage` as a blob; undefined when it holds no base64 source. */
export function imagePart(image: unknown): Part | undefined {
  const source = isObject(image) ? str(image.source) : undefined;
  return source ? { type: 'blob', modality: 'image', mimeType: 'image/png', content: source } : undefined;
}

/** Field of an object whatever its case (the deserializer matches names case-insensitively). */
function field(obj: Json, name: string): unknown {
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : obj[key];
}

/** Tool result content → text pieces and image parts. */
export function resultContent(value: unknown): { texts: string[]; images: Part[] } {
  const texts: string[] = [];
  const images: Part[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (isObject(v)) {
      const text = field(v, 'text');
      const image = field(v, 'image');
      if (typeof text === 'string') texts.push(text);
      else if (image !== undefined) {
        const part = imagePart(image);
        if (part) images.push(part);
      } else if (str(v.source)) {
        const part = imagePart(v);
        if (part) images.push(part);
      } else texts.push(JSON.stringify(v));
    }
  };
  visit(value);
  return { texts, images };
}
