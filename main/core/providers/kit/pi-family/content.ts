/**
 * Pi's content blocks (packages/ai/src/types.ts) → parts: `text`, `thinking {thinking,
 * redacted?}`, `toolCall {id, name, arguments}`, `image {data, mimeType}`. oh-my-pi keeps large
 * images out of the session as `blob:sha256:<hash>` in `data`, the bytes in
 * `<agent dir>/blobs/<hash>`: those are read back here, or named in a warning when missing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Part } from '../../../../../shared/record';
import { arr, isObject, str } from '../json';

const BLOB_REF = /^blob:sha256:([0-9a-f]{64})$/;

/** `<agent dir>/blobs`, for a session at `<agent dir>/sessions/<project>/<file>.jsonl`. */
export function blobDir(sessionFile: string): string {
  return path.join(path.dirname(path.dirname(path.dirname(sessionFile))), 'blobs');
}

export async function imagePart(block: Record<string, unknown>, blobs: string, warn: (message: string) => void): Promise<Part> {
  const data = str(block.data) ?? '';
  const mimeType = str(block.mimeType) ?? 'image/png';
  const ref = BLOB_REF.exec(data);
  if (!ref) return { type: 'blob', modality: 'image', mimeType, content: data };
  try {
    return { type: 'blob', modality: 'image', mimeType, content: (await readFile(path.join(blobs, ref[1]))).toString('base64') };
  } catch {
    warn(`Image ${data} is not in ${blobs}; kept as its reference`);
    return { type: 'generic', kind: 'image-ref', content: data };
  }
}

/** A `string | block[]` content as parts. */
export async function contentParts(content: unknown, blobs: string, warn: (message: string) => void): Promise<Part[]> {
  if (typeof content === 'string') return content ? [{ type: 'text', content }] : [];
  const parts: Part[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    switch (block.type) {
      case 'text':
        if (str(block.text)) parts.push({ type: 'text', content: str(block.text)! });
        break;
      case 'thinking': {
        const text = str(block.thinking) ?? '';
        parts.push(block.redacted === true || !text ? { type: 'reasoning', content: '', redacted: true } : { type: 'reasoning', content: text });
        break;
      }
      case 'toolCall':
        parts.push({ type: 'tool_call', id: str(block.id) ?? '', name: str(block.name) ?? 'tool', arguments: typeof block.arguments === 'string' ? block.arguments : JSON.stringify(block.arguments ?? {}) });
        break;
      case 'image':
        parts.push(await imagePart(block, blobs, warn));
        break;
      default:
        parts.push({ type: 'generic', kind: str(block.type) ?? 'content', content: JSON.stringify(block) });
    }
  }
  return parts;
}
