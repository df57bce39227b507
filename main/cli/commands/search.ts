/** `dejavu search`: full-text search over every archived conversation. */
import type { Command } from 'commander';
import { type GlobalOptions, withReader } from '../archive-access';
import { bold, printJson, shortDate, stdout, styled, type Styled, warn } from '../output';
import { REDACTION_OFF_SEARCH_NOTE, redactsFor } from '../../core/use-cases/redaction';
import { FILTER_KEYS, matchCount, outgoingHits, queryWarnings } from '../../core/use-cases/search';

/** The query language, as `dejavu search --help` shows it (the same in the app and over MCP). */
const QUERY_HELP = `
Query language (the same in the app and over MCP):
  words              every word must appear in the same message (substring, any case, CJK too)
  "a phrase"         the exact text, spaces included
  -word, -"phrase"   leave out messages containing it
  agent:codex        only this agent (id or name prefix: agent:claude); repeat for any of several
  workspace:NAME     only this workspace
  file:PATH          conversations whose tool calls touched this file (a relative path:
                     the same relative path in any checkout, as \`dejavu files\`)
  after:DATE         conversations active on or after DATE
  before:DATE        conversations started before DATE
                     (DATE: 2026-01-31, 2026-01, 2026, today, yesterday, or an age: 12h, 7d, 2w)
  role:user          only messages of a role: user, assistant, tool, system
  tool:Bash          only calls of this tool; the words must be in its arguments
  in:tools           search tool output too (--tools does the same)
Hits rank by relevance, with a bonus for recent conversations.

Examples:
  dejavu search "blob-store.ts" agent:codex after:30d
  dejavu search tool:Bash "npm test" workspace:dejavu
  dejavu search 9f3ab12c in:tools
  dejavu search file:src/app.ts error
  dejavu search 重构 role:user
  dejavu search -- deploy -staging       (\`--\` lets a query start with or hold -word)`;

/**
 * The shell took the quotes off `"a phrase"`: an argument of plain words with spaces was one. An
 * argument holding filters, exclusions or quotes is a whole query typed in one pair of quotes.
 */
export function requote(arg: string): string {
  const words = arg.trim().split(/\s+/);
  if (words.length < 2 || arg.includes('"')) return arg;
  if (words.some((w) => w.startsWith('-') || (FILTER_KEYS as readonly string[]).includes(/^([A-Za-z]+):/.exec(w)?.[1]?.toLowerCase() ?? ''))) return arg;
  return `"${arg}"`;
}

export function registerSearch(program: Command): void {
  program
    .command('search')
    .description('search message text (substrings, CJK and "phrases", with filters); tool output only with --tools or in:tools')
    .argument('<query...>', 'words, "quoted phrases" and filters (see below); all must match')
    .addHelpText('after', QUERY_HELP)
    .option('-a, --agent <id>', 'only this agent (overrides agent:)')
    .option('-w, --workspace <name>', 'only this workspace (overrides workspace:)')
    .option('--tools', 'include tool output')
    .option('-n, --limit <n>', 'at most this many hits', (v: string) => Number.parseInt(v, 10), 50)
    .option('--json', 'print hits as JSON')
    .option('--no-redact', 'print secrets in snippets as they were typed (redaction is on by default)')
    .action((words: string[], opts: { agent?: string; workspace?: string; tools?: boolean; limit: number; json?: boolean; redact?: boolean }, cmd: Command) => {
      const query = words.map(requote).join(' ');
      for (const w of queryWarnings(query)) warn(w);
      const hits = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => {
        const redact = redactsFor(r, opts.redact === false);
        if (!redact) warn(REDACTION_OFF_SEARCH_NOTE);
        return outgoingHits(r, query, { agent: opts.agent, workspace: opts.workspace, includeToolOutput: opts.tools, limit: opts.limit }, redact);
      });
      if (opts.json) return printJson(hits);
      if (hits.length === 0) {
        stdout.write(`No matches for ${JSON.stringify(query)}.\n`);
        return;
      }
      for (const h of hits) {
        const marked: (string | Styled)[] = [];
        let at = 0;
        for (const [s, e] of h.highlights) {
          if (s < at) continue;
          marked.push(h.snippet.slice(at, s), bold(h.snippet.slice(s, e), stdout.isTTY));
          at = e;
        }
        marked.push(h.snippet.slice(at));
        const line = `${h.conversation.id}  #${h.messageIndex}  ${shortDate(h.conversation.startedAt)}  ${h.role}  ${matchCount(h.hitCount)}`;
        stdout.write(styled(`${line}\n    `, ...marked, '\n'));
      }
    });
}
