/**
 * The container of an exported archive: a plain POSIX (ustar) tar, so `tar -tf` lists it and
 * any tar tool unpacks it, and no dependency is needed. Only what export writes is read back:
 * regular files with short names. Members are read by offset, never all held in memory.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const BLOCK = 512;
/** ustar's size field: 11 octal digits. */
const MAX_MEMBER_BYTES = 8 ** 11 - 1;

export class TarFormatError extends Error {
  override readonly name = 'TarFormatError';
}

/** Appends members to a tar file opened for writing; `finish` writes the end marker. */
export class TarWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'wx');
  }

  add(name: string, bytes: Uint8Array, mtimeMs = Date.now()): void {
    if (Buffer.byteLength(name) > 100) throw new TarFormatError(`member name too long for ustar: ${name}`);
    if (bytes.length > MAX_MEMBER_BYTES) throw new TarFormatError(`member too large for ustar: ${name}`);
    writeSync(this.fd, header(name, bytes.length, mtimeMs));
    writeSync(this.fd, bytes);
    const pad = (BLOCK - (bytes.length % BLOCK)) % BLOCK;
    if (pad) writeSync(this.fd, Buffer.alloc(pad));
  }

  /** Two empty blocks end a tar; then the file is closed. */
  finish(): void {
    try {
      writeSync(this.fd, Buffer.alloc(2 * BLOCK));
    } finally {
      closeSync(this.fd);
    }
  }

  /** Close without the end marker (the caller removes the partial file). */
  abandon(): void {
    closeSync(this.fd);
  }
}

function header(name: string, size: number, mtimeMs: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  h.write(`${Math.floor(mtimeMs / 1000).toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  h.write('        ', 148, 'latin1');
  h.write('0', 156, 'latin1');
  h.write('ustar\0', 257, 'latin1');
  h.write('00', 263, 'latin1');
  h.write(`${checksum(h).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return h;
}

/** The sum of the header's bytes, its checksum field counted as spaces. */
function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : h[i];
  return sum;
}

/** One member of a tar: where its bytes are, to read when needed. */
export interface TarMember {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
}

/** A tar file opened for reading: its members listed by walking the headers. */
export class TarReader {
  private readonly fd: number;
  readonly members: ReadonlyMap<string, TarMember>;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'r');
    try {
      this.members = this.list();
    } catch (err) {
      closeSync(this.fd);
      throw err;
    }
  }

  read(member: TarMember): Buffer {
    const out = Buffer.alloc(member.size);
    let done = 0;
    while (done < member.size) {
      const n = readSync(this.fd, out, done, member.size - done, member.offset + done);
      if (n === 0) throw new TarFormatError(`${this.file} ends inside ${member.name}`);
      done += n;
    }
    return out;
  }

  close(): void {
    closeSync(this.fd);
  }

  private list(): Map<string, TarMember> {
    const total = fstatSync(this.fd).size;
    const members = new Map<string, TarMember>();
    const h = Buffer.alloc(BLOCK);
    for (let pos = 0; ; ) {
      if (pos + BLOCK > total) throw new TarFormatError(`${this.file} is cut short (no end-of-archive marker)`);
      readSync(this.fd, h, 0, BLOCK, pos);
      if (h.every((b) => b === 0)) return members;
      const stored = Number.parseInt(h.toString('latin1', 148, 156).replace(/[\0 ]/g, ''), 8);
      if (stored !== checksum(h)) throw new TarFormatError(`${this.file} is not a tar file, or is damaged at byte ${pos}`);
      const size = Number.parseInt(h.toString('latin1', 124, 136).replace(/[\0 ]/g, '') || '0', 8);
      const prefix = cString(h, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + cString(h, 0, 100);
      const type = String.fromCharCode(h[156] || 0x30);
      if (type === '0') members.set(name, { name, offset: pos + BLOCK, size });
      pos += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (pos > total) throw new TarFormatError(`${this.file} is cut short inside ${name}`);
    }
  }
}

function cString(h: Buffer, start: number, length: number): string {
  const end = h.indexOf(0, start);
  return h.toString('utf8', start, end === -1 || end > start + length ? start + length : end);
}
