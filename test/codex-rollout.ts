/**
 * Codex rollout lines for tests of shapes no real fixture holds. Field names follow openai/codex
 * (`RolloutLine {timestamp, ordinal?, type, payload}`, `SessionMeta`, `EventMsg` snake_case tags,
 * `TurnItem` tagged by its Rust variant name); see main/core/providers/codex/README.md for the
 * commits they were read at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Json = Record<string, unknown>;

/** A rollout line: the envelope, with `ordinal` only when given (paginated rollouts write it). */
export function rolloutLine(timestamp: string, type: string, payload: Json, ordinal?: number): string {
  return JSON.stringify(ordinal === undefined ? { timestamp, type, payload } : { timestamp, ordinal, type, payload });
}

/** A `session_meta` payload with the fields every rollout carries; `extra` adds or overrides. */
export function sessionMeta(id: string, timestamp: string, extra: Json = {}): Json {
  return { id, timestamp, cwd: '/home/me/work/shop', originator: 'codex_cli_rs', cli_version: '0.153.4', source: 'cli', model_provider: 'openai', ...extra };
}

/**
 * One complete turn as Codex writes it: turn_context, task_started, the prompt as a user-role
 * response_item and a user_message event, the answer as an assistant response_item and an
 * agent_message event, task_complete. Returns [type, payload] pairs (the caller adds envelopes).
 */
export function turn(turnId: string, prompt: string, answer: string): [string, Json][] {
  return [
    ['turn_context', { turn_id: turnId, cwd: '/home/me/work/shop', model: 'gpt-5.5', approval_policy: 'on-request', sandbox_policy: { type: 'workspace-write' } }],
    ['event_msg', { type: 'task_started', turn_id: turnId }],
    ['response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: prompt }] }],
    ['event_msg', { type: 'user_message', message: prompt, images: [], local_images: [], text_elements: [] }],
    ['response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }], phase: 'final_answer' }],
    ['event_msg', { type: 'agent_message', message: answer, phase: 'final_answer' }],
    ['event_msg', { type: 'task_complete', turn_id: turnId, last_agent_message: answer }],
  ];
}

/** Enveloped lines, one second apart from `start`, numbered from `firstOrdinal` when given. */
export function envelope(records: [string, Json][], start: string, firstOrdinal?: number): string[] {
  const t0 = Date.parse(start);
  return records.map(([type, payload], i) => rolloutLine(new Date(t0 + i * 1000).toISOString(), type, payload, firstOrdinal === undefined ? undefined : firstOrdinal + i));
}

/** Writes a rollout where Codex would: `<home>/.codex/sessions/YYYY/MM/DD/rollout-<local time>-<id>.jsonl`. */
export function writeRollout(home: string, rolloutId: string, startedAt: string, lines: string[]): string {
  const [date, time] = startedAt.slice(0, 19).split('T');
  const [y, m, d] = date.split('-');
  const dir = path.join(home, '.codex', 'sessions', y, m, d);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `rollout-${date}T${time.replaceAll(':', '-')}-${rolloutId}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
