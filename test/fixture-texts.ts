import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from './fixtures';

/** Every string of 2,000+ characters in the real fixtures' JSON lines: tool outputs, file contents, long answers. */
export function fixtureTexts(): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 2_000) texts.push(value);
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) collect(inner);
    }
  };
  const files = readdirSync(FIXTURES_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.(jsonl?|ndjson)$/.test(e.name));
  for (const file of files) {
    for (const line of readFileSync(path.join(file.parentPath, file.name), 'utf8').split('\n')) {
      if (line.length < 2_000) continue;
      try {
        collect(JSON.parse(line));
      } catch {
        // Not a JSON line (a pretty-printed JSON file): its whole text serves as well.
        texts.push(line);
      }
    }
  }
  return texts;
}
