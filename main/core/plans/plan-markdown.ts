/** A plan exported as Markdown: its own text, then where it came from and who used it. */
import type { PlanDocument } from '../../../shared/plans';

export function planMarkdown(d: PlanDocument): string {
  const out: string[] = [];
  const text = d.text.trim();
  out.push(text ? text : `# ${d.title}\n\n_Only the file's path is known: ${d.paths.join(', ')} was read or edited, never written whole, by an archived conversation._`);
  out.push('', '---', '', `Plan ${d.id} · ${d.origins.join(', ')}${d.versions > 1 ? ` · ${d.versions} versions (the latest above)` : ''}`);
  if (d.paths.length) out.push('', ...d.paths.map((p) => `- File: \`${p}\``));
  out.push('', 'Conversations:', '');
  for (const u of d.uses) {
    const where = [u.agent, u.workspace, u.gitBranch && `branch ${u.gitBranch}`, u.at?.slice(0, 16).replace('T', ' ')].filter(Boolean).join(', ');
    out.push(`- ${u.link === 'made' ? 'made' : 'used'} by \`${u.conversationId}\` (${where}) at message ${u.messageIndex}${u.tool ? ` via ${u.tool}` : ''}: ${u.conversationTitle.replace(/\s+/g, ' ')}`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
