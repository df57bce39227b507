/** The main session's Task/Agent calls, by their prompt, so an in-file sidechain links to the call that started it. */
import type { IdPool } from '../kit/id-pool';
import { blocksOf, isObject, str } from './records';

/**
 * Notes each Task/Agent call in an assistant message's content under its prompt's number in
 * `tasks`, and how its subagent's own file would be titled (`<subagent_type>: <description>`,
 * what the `.meta.json` sidecar says) under its id in `labels`.
 */
export function noteTaskCalls(content: unknown, tasks: IdPool, calls: Map<number, string[]>, labels: Map<string, string>): void {
  if (!Array.isArray(content)) return;
  for (const block of blocksOf(content)) {
    if (block.type !== 'tool_use' || (block.name !== 'Task' && block.name !== 'Agent')) continue;
    const input = isObject(block.input) ? block.input : undefined;
    const prompt = str(input?.prompt);
    const id = str(block.id);
    const type = str(input?.subagent_type)?.trim();
    const description = str(input?.description)?.trim();
    if (id !== undefined && type && description) labels.set(id, `${type}: ${description}`);
    if (prompt === undefined || id === undefined) continue;
    const task = tasks.intern(prompt);
    const ids = calls.get(task);
    if (ids) ids.push(id);
    else calls.set(task, [id]);
  }
}
