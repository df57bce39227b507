/**
 * Just enough protobuf to read a Cursor chat store's root blob: top-level fields only, and only
 * length-delimited ones are kept. Field 1 (repeated, 32 bytes each) lists the message blob ids
 * in order; field 9 is the workspace URI. Malformed input ends the walk instead of throwing.
 */
export interface BytesField {
  readonly field: number;
  readonly value: Uint8Array;
}

export function bytesFields(buf: Uint8Array): BytesField[] | undefined {
  const out: BytesField[] = [];
  let i = 0;
  const varint = (): number | undefined => {
    let result = 0;
    for (let shift = 0; i < buf.length && shift <= 49; shift += 7) {
      const byte = buf[i++];
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
    }
    return undefined;
  };
  while (i < buf.length) {
    const key = varint();
    if (key === undefined) return undefined;
    const wire = key % 8;
    if (wire === 0) {
      if (varint() === undefined) return undefined;
    } else if (wire === 2) {
      const length = varint();
      if (length === undefined || i + length > buf.length) return undefined;
      out.push({ field: Math.floor(key / 8), value: buf.subarray(i, i + length) });
      i += length;
    } else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else return undefined;
  }
  return i === buf.length ? out : undefined;
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
