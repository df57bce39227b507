/**
 * The digest's plans: every plan a conversation made or used, wherever its agent keeps them, as
 * a small Markdown document with a title and a content hash (so the same plan seen by several
 * conversations is one document). Kept in the digest so a plan outlives its thread.
 *
 * Detected from the normalized record alone:
 * - `plan-mode`: Claude Code's `ExitPlanMode` call (its `plan` argument); Cline's
 *   `plan_mode_respond` answer (an assistant message of kind `plan`).
 * - `plan-file`: a Markdown file written, edited or read by a tool call under a `plans/` folder
 *   (`~/.claude/plans/*.md`, `docs/plans/…`), or named `*plan.md` / `implementation_plan.md`
 *   (Antigravity, Gemini). The last content a conversation wrote is kept (edits applied to it);
 *   a file only read or edited without its base is a link by path.
 * - `prompt`: a typed prompt that begins "Implement the following plan" (what Claude Code pastes
 *   when a plan is accepted into a new session) or the like: the plan is the rest of the prompt.
 * - `steps`: a step list with statuses: Codex `update_plan`, Claude `TodoWrite`, Gemini
 *   `write_todos`, OpenCode `todowrite`. One fact per tool per conversation: its last state.
 */
import { createHash } from 'node:crypto';
import { farText, headOf } from '../../../shared/far-strings';
import type { Conversation, Message, ToolCallPart } from '../../../shared/record';
import type { PlanFact, PlanStep } from '../../../shared/plans';
import { absolutePath, type FileTouch, fileTouchesOf } from '../../../shared/tool-files';

/** A plan longer than this is kept cut (the thread, while it exists, has the rest). */
export const PLAN_TEXT_CHARS = 64 * 1024;
const MAX_PLANS = 40;
const MAX_STEPS = 100;

const PLAN_MODE_TOOLS = new Set(['exitplanmode', 'exit_plan_mode']);
const STEP_TOOLS = new Set(['update_plan', 'todowrite', 'write_todos', 'todo_write']);
const PLAN_FILE = /(?:^|\/)plans?\/[^/]+\.(?:md|markdown)$|(?:^|\/|[-_.])(?:implementation[-_])?plan\.(?:md|markdown)$/i;
const PLAN_PROMPT = /^\s*(?:please\s+)?(?:implement|execute|follow|carry out)\s+(?:the\s+|this\s+)?(?:following\s+)?plan\s*[:.]?\s*\n/i;

/** `touchesOf`: the files a tool call touched (digest.ts works them out once per call for every fact). */
export function planFacts(c: Conversation, touchesOf: (call: ToolCallPart) => readonly FileTouch[] = (call) => fileTouchesOf(call.name, call.arguments)): PlanFact[] {
  const out: PlanFact[] = [];
  const files = new Map<string, { text?: string; link: 'made' | 'used'; at?: string; index: number; tool: string }>();
  const steps = new Map<string, { fact: PlanFact; updates: number }>();
  c.messages.forEach((m, index) => {
    if (m.role === 'user') {
      const prompt = promptPlan(m, index);
      if (prompt) out.push(prompt);
      return;
    }
    if (m.role === 'assistant' && m.kind === 'plan') {
      const text = m.parts.map((p) => (p.type === 'text' ? readText(p.content) : '')).join('\n\n');
      if (text.trim()) out.push(fact({ origin: 'plan-mode', link: 'made', tool: 'plan_mode_respond', text, at: m.timestamp, messageIndex: index }));
    }
    for (const p of m.parts) {
      if (p.type !== 'tool_call') continue;
      const lname = p.name.toLowerCase();
      // Parsed only for the calls whose arguments are read: most calls touch no plan.
      let parsed: Record<string, unknown> | undefined | null = null;
      const argsOf = () => (parsed === null ? (parsed = parse(p.arguments)) : parsed);
      if (PLAN_MODE_TOOLS.has(lname)) {
        const args = argsOf();
        if (args && typeof args.plan === 'string' && args.plan.trim()) out.push(fact({ origin: 'plan-mode', link: 'made', tool: p.name, text: args.plan, at: m.timestamp, messageIndex: index }));
      } else if (STEP_TOOLS.has(lname)) {
        const args = argsOf();
        const list = args && stepsOf(args);
        if (!list?.length) continue;
        const known = steps.get(lname);
        const explanation = args && typeof args.explanation === 'string' ? args.explanation.trim() : undefined;
        // The first call's explanation says what the list is for; later ones report progress.
        const title = known?.fact.title ?? (explanation || list[0].text);
        const f = fact({ origin: 'steps', link: 'made', tool: p.name, text: checklist(title, list), at: known?.fact.at ?? m.timestamp, messageIndex: known?.fact.messageIndex ?? index, steps: list, title });
        steps.set(lname, { fact: f, updates: (known?.updates ?? 0) + 1 });
      } else {
        for (const touch of touchesOf(p)) {
          const path = absolutePath(touch.path, c.cwd);
          if (!PLAN_FILE.test(path)) continue;
          const args = argsOf();
          const seen = files.get(path);
          const base = { at: seen?.at ?? m.timestamp, index: seen?.index ?? index, tool: p.name };
          if (touch.action === 'read') {
            if (!seen) files.set(path, { ...base, link: 'used' });
          } else if (touch.action === 'write' && args && typeof contentOf(args) === 'string') {
            files.set(path, { ...base, link: 'made', text: contentOf(args) });
          } else if (touch.action === 'edit' && args) {
            files.set(path, { ...base, link: 'made', text: applyEdit(seen?.text, args) });
          } else files.set(path, { ...base, link: 'made', text: seen?.text });
        }
      }
    }
  });
  for (const [path, f] of files) {
    out.push(f.text?.trim() ? fact({ origin: 'plan-file', link: f.link, tool: f.tool, text: f.text, at: f.at, messageIndex: f.index, path }) : pathOnly(path, f));
  }
  for (const { fact: f, updates } of steps.values()) out.push({ ...f, updates });
  return out.sort((a, b) => a.messageIndex - b.messageIndex).slice(0, MAX_PLANS);
}

/** The same plan text always gets the same hash: line ends and trailing blanks do not count. */
export function planHash(text: string): string {
  const normal = text.replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').trim();
  return createHash('sha256').update(normal).digest('hex').slice(0, 16);
}

/** A plan's title: its first Markdown heading, else a front-matter `title:`, else its first line. */
export function planTitle(text: string): string {
  const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(text)?.[1];
  const front = /^---\n[\s\S]*?^title:\s*["']?(.+?)["']?\s*$[\s\S]*?^---/m.exec(text)?.[1];
  const first = text.split('\n').find((l) => l.trim())?.trim();
  const t = (heading ?? front ?? first ?? 'Untitled plan').replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
}

interface FactInput {
  origin: PlanFact['origin'];
  link: PlanFact['link'];
  tool?: string;
  text: string;
  at?: string;
  messageIndex: number;
  path?: string;
  steps?: PlanStep[];
  title?: string;
}

function fact(i: FactInput): PlanFact {
  const text = i.text.length > PLAN_TEXT_CHARS ? `${i.text.slice(0, PLAN_TEXT_CHARS)}…` : i.text;
  return { origin: i.origin, link: i.link, tool: i.tool, title: i.title ?? planTitle(text), text, hash: planHash(i.text), at: i.at, messageIndex: i.messageIndex, path: i.path, steps: i.steps };
}

function pathOnly(path: string, f: { link: 'made' | 'used'; at?: string; index: number; tool: string }): PlanFact {
  const name = path.split('/').pop() ?? path;
  return { origin: 'plan-file', link: f.link, tool: f.tool, title: name.replace(/\.(md|markdown)$/i, ''), text: '', at: f.at, messageIndex: f.index, path };
}

function promptPlan(m: Message, index: number): PlanFact | undefined {
  const text = m.parts.map((p) => (p.type === 'text' ? readText(p.content) : '')).join('\n\n');
  const head = PLAN_PROMPT.exec(text);
  if (!head) return undefined;
  const plan = text.slice(head[0].length).trim();
  return plan ? fact({ origin: 'prompt', link: 'used', text: plan, at: m.timestamp, messageIndex: index }) : undefined;
}

/** Codex `{plan:[{step,status}]}`, Claude/OpenCode `{todos:[{content,status}]}`, Gemini `{todos:[{description,status}]}`. */
function stepsOf(args: Record<string, unknown>): PlanStep[] | undefined {
  const list = Array.isArray(args.plan) ? args.plan : Array.isArray(args.todos) ? args.todos : undefined;
  if (!list) return undefined;
  const out: PlanStep[] = [];
  for (const item of list.slice(0, MAX_STEPS)) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const text = [o.step, o.content, o.description, o.title].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (text) out.push({ text: text.trim(), status: typeof o.status === 'string' ? o.status : undefined });
  }
  return out;
}

function checklist(title: string, steps: readonly PlanStep[]): string {
  const mark = (s?: string) => (s === 'completed' || s === 'done' ? 'x' : s === 'in_progress' ? '~' : ' ');
  return [`# ${title}`, '', ...steps.map((s) => `- [${mark(s.status)}] ${s.text}`)].join('\n');
}

function contentOf(args: Record<string, unknown>): string | undefined {
  for (const key of ['content', 'file_text', 'contents', 'text']) if (typeof args[key] === 'string') return args[key];
  return undefined;
}

/** The file after an Edit/MultiEdit/str_replace, when its content before is known; else unknown. */
function applyEdit(before: string | undefined, args: Record<string, unknown>): string | undefined {
  if (before === undefined) return undefined;
  const edits = Array.isArray(args.edits) ? (args.edits as Record<string, unknown>[]) : [args];
  let text = before;
  for (const e of edits) {
    const from = [e.old_string, e.oldString, e.old_str].find((v): v is string => typeof v === 'string');
    const to = [e.new_string, e.newString, e.new_str].find((v): v is string => typeof v === 'string');
    if (from === undefined || to === undefined || !text.includes(from)) return undefined;
    text = e.replace_all === true ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return text;
}

function parse(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // Arguments that are not JSON hold no plan this way.
  }
}

/** A part's text; of a far one (a huge line's prompt left in its file) its head: a plan is told by its start, and kept only so far. */
function readText(content: string): string {
  return farText(content) ? headOf(content, 64 * 1024) : content;
}
