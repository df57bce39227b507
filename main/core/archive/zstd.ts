/** zstd as the archive writes it (level 3), each call's native memory let go in time on a huge file (memory.ts). */
import zlib from 'node:zlib';
import { afterNativeCall } from '../memory';

const LEVEL_3 = { params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } };

export function zstdCompress(bytes: Uint8Array): Buffer {
  const compressed = zlib.zstdCompressSync(bytes, LEVEL_3);
  afterNativeCall();
  return compressed;
}
