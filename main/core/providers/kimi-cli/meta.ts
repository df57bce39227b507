/**
 * Session facts kept beside a Kimi context file: the work directory (kimi-cli names the
 * session folder after md5(work dir) and lists the work dirs in `<share>/kimi.json`), the
 * title (`<session>/state.json` `custom_title`, or the legacy `metadata.json` `title`), and
 * timestamps (the session's `wire.jsonl` records carry them; context files do not).
 * None of these files holds credentials; each is read whole only when small.
 */
import { createHash } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { arr, isObject, isoFromEpoch, obj, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';

export async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const info = await stat(file);
    if (info.size > 4 * 1024 * 1024) return undefined;
    const data: unknown = parseJson(await readFile(file, 'utf8'));
    return isObject(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** `<share>/sessions/<md5>` → the work dir whose md5 (optionally `<kaos>_`-prefixed) it is. */
export async function workDirFor(hashDir: string): Promise<string | undefined> {
  const share = path.dirname(path.dirname(hashDir));
  const meta = await readJson(path.join(share, 'kimi.json'));
  const key = path.basename(hashDir);
  for (const wd of arr(meta?.work_dirs)) {
    const p = str(obj(wd)?.path);
    if (!p) continue;
    const md5 = createHash('md5').update(p, 'utf8').digest('hex');
    const kaos = str(obj(wd)?.kaos);
    if (key === md5 || (kaos && key === `${kaos}_${md5}`)) return p;
  }
  return undefined;
}

export async function titleFor(sessionDir: string | undefined, hashDir: string, sessionId: string): Promise<string | undefined> {
  if (sessionDir) {
    const state = await readJson(path.join(sessionDir, 'state.json'));
    const custom = str(state?.custom_title);
    if (custom) return custom;
    const legacy = str((await readJson(path.join(sessionDir, 'metadata.json')))?.title);
    if (legacy && legacy !== 'Untitled') return legacy;
  }
  const flat = str((await readJson(path.join(hashDir, sessionId, 'metadata.json')))?.title);
  return flat && flat !== 'Untitled' ? flat : undefined;
}

/** First and last record timestamps of a kimi-cli `wire.jsonl`, reading only its ends. */
export async function wireSpan(wireFile: string): Promise<{ start?: string; end?: string }> {
  let handle;
  try {
    handle = await open(wireFile, 'r');
  } catch {
    return {};
  }
  try {
    const size = (await handle.stat()).size;
    const chunk = Math.min(size, 64 * 1024);
    const head = Buffer.alloc(chunk);
    await handle.read(head, 0, chunk, 0);
    const tail = Buffer.alloc(chunk);
    await handle.read(tail, 0, chunk, size - chunk);
    const stamps = (text: string) => [...text.matchAll(/"timestamp":\s*([0-9.]+)/g)].map((m) => Number(m[1]));
    const first = stamps(head.toString('utf8'))[0];
    const last = stamps(tail.toString('utf8')).pop();
    return { start: isoFromEpoch(first), end: isoFromEpoch(last) };
  } catch {
    return {};
  } finally {
    await handle.close();
  }
}

export async function modifiedAt(file: string): Promise<string | undefined> {
  try {
    return (await stat(file)).mtime.toISOString();
  } catch {
    return undefined;
  }
}

/**
 * The parent's tool call that produced a subagent transcript: its result names the file
 * ("Transcript saved to: …/<sid>_read_1.jsonl"). Only lines containing the name are parsed.
 */
export async function toolCallMentioning(parent: ParseContext, needle: string): Promise<string | undefined> {
  try {
    for await (const { text } of parent.lines()) {
      if (!text.includes(needle) || !text.includes('tool_call_id')) continue;
      try {
        const record: unknown = parseJson(text);
        const id = isObject(record) && record.role === 'tool' ? str(record.tool_call_id) : undefined;
        if (id) return id;
      } catch {
        // a broken parent line is the parent's own warning
      }
    }
  } catch {
    // no parent file: the link is simply unknown
  }
  return undefined;
}
