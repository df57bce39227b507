/**
 * A thread row's `data` as JSON text: `json` rows hold it as is, `zstd` rows compressed with
 * zstd (every row current Zed writes). Node's zlib decodes zstd from Node 22.15 / 23.8; where
 * the running Node has no decoder the thread cannot be read, and the reason is returned for
 * its warning rather than the thread skipped without a word.
 */
import zlib from 'node:zlib';
import { shortError } from '../kit/json';

type Decoder = (data: Buffer) => Buffer;

/** The zstd decoder of the running Node; null when it has none. */
export const nodeZstd: Decoder | null = typeof zlib.zstdDecompressSync === 'function' ? (data) => zlib.zstdDecompressSync(data) : null;

export function threadJson(dataType: string, data: Buffer, zstd: Decoder | null = nodeZstd): { text: string } | { problem: string } {
  if (dataType === 'json') return { text: data.toString('utf8') };
  if (dataType !== 'zstd') return { problem: `unknown data_type ${JSON.stringify(dataType)}; its data is kept unread in the database` };
  if (!zstd) return { problem: `its data is zstd-compressed and this Node (${process.version}) has no zstd decoder; not read (needs Node 22.15 or later)` };
  try {
    return { text: zstd(data).toString('utf8') };
  } catch (error) {
    return { problem: `its zstd data does not decompress: ${shortError(error)}` };
  }
}
