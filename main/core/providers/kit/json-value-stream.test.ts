import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { farText } from '../../../../shared/far-strings';
import { farSlices, scanLine } from './json-value-stream';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-far-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fileOf(content: string | Buffer): string {
  const file = path.join(dir, `${(files += 1)}.jsonl`);
  writeFileSync(file, content);
  return file;
}

// Every escape JSON.stringify writes, characters of 1 to 4 UTF-8 bytes, a surrogate pair raw.
const TEXT = 'line one\n\ttab "quoted" back\\slash \u0001 \u001f é ü 日本語 😀 done\r\n'.repeat(7);

describe('farSlices', () => {
  it('decodes a JSON string cut into slices anywhere (escapes and characters split at every edge) to the string itself', () => {
    const raw = JSON.stringify(TEXT).slice(1, -1);
    const file = fileOf(`xx${raw}yy`);
    const end = 2 + Buffer.byteLength(raw);
    for (let size = 16; size <= 40; size += 1) {
      const slices = [...farSlices(file, 2, end, size)];
      expect(slices.join('')).toBe(TEXT);
      expect(slices.length).toBeGreaterThan(10);
    }
  });
});

/** The line with two bytes that are not UTF-8 just after `after`. */
function notUtf8Inside(line: string, after: string): Buffer {
  const at = line.indexOf(after) + after.length;
  return Buffer.concat([Buffer.from(line.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(line.slice(at))]);
}

describe('scanLine', () => {
  const record = (output: string) => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: output }] }, uuid: 'u-1', note: 'small é' });

  it('copies the structure and leaves a long string in the file, read back whole through its stand-in', () => {
    const line = JSON.stringify(record(TEXT));
    const file = fileOf(`{"first":1}\n${line}\r\n{"next":2}\n`);
    const start = '{"first":1}\n'.length;
    const end = start + Buffer.byteLength(line) + 1; // the \r is the line's, the \n is not
    const scanned = scanLine(file, start, end, 100);
    expect(scanned).toBeDefined();
    expect(scanned!.length).toBeLessThan(300);
    const parsed = JSON.parse(scanned!) as ReturnType<typeof record>;
    const standIn = parsed.message.content[0].content;
    expect(farText(standIn)).toBeDefined();
    expect([...farText(standIn)!.slices()].join('')).toBe(TEXT);
    expect({ ...parsed, message: { ...parsed.message, content: [{ ...parsed.message.content[0], content: TEXT }] } }).toEqual(record(TEXT));
    // Read again: the same stand-in.
    expect((JSON.parse(scanLine(file, start, end, 100)!) as ReturnType<typeof record>).message.content[0].content).toBe(standIn);
  });

  it('leaves the line to be read whole when a long string would not read back as JSON.parse reads it', () => {
    const cases: Record<string, string | Buffer> = {
      'escaped otherwise than JSON.stringify writes it': JSON.stringify(record(TEXT)).replace('é', '\\u00e9'),
      'half a character escaped': JSON.stringify(record(`${TEXT}\ud83d`)),
      'a raw control character': JSON.stringify(record(TEXT)).replace('\\u0001', '\u0001'),
      'bytes that are not UTF-8': notUtf8Inside(JSON.stringify(record(TEXT)), 'done'),
      'cut inside the string': JSON.stringify(record(TEXT)).slice(0, 300),
      'no long string': JSON.stringify(record('short')),
    };
    for (const [why, line] of Object.entries(cases)) {
      const file = fileOf(line);
      expect(scanLine(file, 0, Buffer.byteLength(line), 100), why).toBeUndefined();
    }
  });
});
