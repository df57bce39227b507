/** The main session's Task/Agent calls, by their prompt, so an in-file sidechain links to the call that started it. */
import type { IdPool } from '../kit/id-pool';
import { blocksOf, isObject, str } from './records';

/** Notes each Task/Agent call in an assistant message's content under its prompt's number in `tasks`. */
export function noteTaskCalls(content: unknown, tasks: IdPool, calls: Map<number, string[]>): void {
  if (!Array.isArray(content)) return;
  for (const block of blocksOf(content)) {
    if (block.type !== 'tool_use' || (block.name !== 'Task' && block.name !== 'Agent')) continue;
    const prompt = isObject(block.input) ? str(block.input.prompt) : undefined;
    const id = str(block.id);
    if (prompt === undefined || id === undefined) continue;
    const task = tasks.intern(prompt);
    const ids = calls.get(task);
    if (ids) ids.push(id);
    else calls.set(task, [id]);
  }
}
