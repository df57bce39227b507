/** `dejavu digest`: one conversation's digest in the stable digest contract (shared/digest-contract.ts). */
import type { Command } from 'commander';
import type { DigestDocument } from '../../../shared/digest-contract';
import { conversationDigest } from '../../core/use-cases/digest';
import { redactsFor } from '../../core/use-cases/redaction';
import { type GlobalOptions, withReader } from '../archive-access';
import { printJson, stdout, truncate } from '../output';

export function registerDigest(program: Command): void {
  program
    .command('digest')
    .description('one conversation summed up: identity, times, outcome, cost, tools, markers, errors, files (--json: the versioned digest contract)')
    .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
    .option('--json', 'the digest contract as JSON (schema_version, field by field in the README)')
    .option('--no-redact', 'print secrets as they were typed (redaction is on by default)')
    .action((id: string, opts: { json?: boolean; redact: boolean }, cmd: Command) => {
      const doc = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => conversationDigest(r, id, redactsFor(r, opts.redact === false)));
      if (opts.json) return printJson(doc);
      print(doc);
    });
}

function print(d: DigestDocument): void {
  const i = d.identity;
  const lines = [
    `${i.title ?? i.nativeId}`,
    `  ${i.agent} · ${i.workspace} · ${i.instance}${i.gitBranch ? ` · ${i.gitBranch}` : ''} · ${i.id}`,
    `  ${d.times.startedAt ?? '—'} → ${d.times.endedAt ?? '—'} · outcome: ${d.outcome}`,
    `  ${d.counts.messages} messages, ${d.counts.prompts} prompts, ${d.counts.answers} answers, ${d.counts.toolCalls} tool calls, ${d.counts.errors} errors`,
    `  cost: ${d.cost.costUsd === null ? `no price${d.cost.unpricedModels.length ? ` (${d.cost.unpricedModels.join(', ')})` : ''}` : `$${d.cost.costUsd.toFixed(4)}`} · ${tokens(d)} (${d.cost.priceTable.name} ${d.cost.priceTable.version})`,
  ];
  const tools = Object.entries(d.toolHistogram).sort((a, b) => b[1] - a[1]);
  if (tools.length) lines.push(`  tools: ${tools.map(([n, c]) => `${n} ${c}`).join(', ')}`);
  if (d.firstPrompt) lines.push('', `first prompt: ${truncate(d.firstPrompt, 300)}`);
  if (d.lastAnswer) lines.push(`last answer: ${truncate(d.lastAnswer, 300)}`);
  if (d.errors.length) lines.push('', 'errors:', ...d.errors.map((e) => `  ${e.fingerprint} ×${e.count} (message ${e.firstIndex})${e.tool ? ` ${e.tool}` : ''}: ${truncate(e.snippet, 120)}`));
  if (d.markers.length) lines.push('', `markers: ${d.markers.map((m) => `${m.kind}@${m.index}`).join(', ')}`);
  if (d.filesTouched.length) lines.push('', `files (${d.filesTouched.length}):`, ...d.filesTouched.slice(0, 30).map((f) => `  ${f.actions.join(',') || '—'} ${f.path}`));
  stdout.write(`${lines.join('\n')}\n`);
}

function tokens(d: DigestDocument): string {
  const t = d.cost.tokens;
  const n = (t.inputTokens ?? 0) + (t.outputTokens ?? 0) + (t.cacheReadTokens ?? 0) + (t.cacheWriteTokens ?? 0);
  return `${n.toLocaleString('en-US')} tokens`;
}
