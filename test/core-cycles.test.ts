/**
 * Issue 16's "done when": no import cycle between the folders of main/core. Each folder is a
 * node; a relative import from a file of one folder into another is an edge (files at the top
 * of main/core, such as logger.ts, are one node of their own). Tests are left out: a test may
 * reach across to set up what it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './fixtures';

const CORE = path.join(REPO_ROOT, 'main', 'core');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** main/core/<folder>/… → folder; main/core/x.ts → "(top)"; outside main/core → undefined. */
function folderOf(file: string): string | undefined {
  const rel = path.relative(CORE, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : '(top)';
}

/** Folder → the folders it imports, with one file that does it for each. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(CORE)) {
    const from = folderOf(file)!;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(path.resolve(path.dirname(file), m[1]));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, path.relative(REPO_ROOT, file));
    }
  }
  return graph;
}

/** Each cycle found by a depth-first walk, as "a → b (file) → a (file)". */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        found.push([...loop, next].map((n, i, all) => (i === 0 ? n : `${n} (${graph.get(all[i - 1])!.get(n)})`)).join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('main/core folders', () => {
  it('import one another without a cycle', () => {
    const graph = folderGraph();
    // The walk sees the folders that matter (a broken regex would find no edge and pass).
    expect(graph.get('search')?.has('archive')).toBe(true);
    expect(graph.get('use-cases')?.size).toBeGreaterThan(5);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = folderGraph();
    graph.get('archive')!.set('use-cases', 'main/core/archive/imagined.ts');
    expect(cycles(graph).some((c) => c.includes('archive') && c.includes('use-cases'))).toBe(true);
  });
});
