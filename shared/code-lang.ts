/**
 * Which highlighting language a fence info string or a file path names: one answer for the app's
 * code blocks and the HTML export. Pure: no Node, no DOM.
 */

export type Lang = 'bash' | 'json' | 'typescript' | 'tsx' | 'javascript' | 'python' | 'diff' | 'markdown' | 'go' | 'rust' | 'yaml' | 'toml' | 'css' | 'html';

const ALIASES: Record<string, Lang> = {
  sh: 'bash', shell: 'bash', bash: 'bash', zsh: 'bash', console: 'bash', shellscript: 'bash', shellsession: 'bash',
  json: 'json', jsonc: 'json', json5: 'json', jsonl: 'json',
  ts: 'typescript', typescript: 'typescript', mts: 'typescript', cts: 'typescript',
  tsx: 'tsx', jsx: 'tsx',
  js: 'javascript', javascript: 'javascript', mjs: 'javascript', cjs: 'javascript',
  py: 'python', python: 'python',
  diff: 'diff', patch: 'diff',
  md: 'markdown', markdown: 'markdown', mdx: 'markdown',
  go: 'go', golang: 'go',
  rs: 'rust', rust: 'rust',
  yml: 'yaml', yaml: 'yaml',
  toml: 'toml',
  css: 'css', scss: 'css',
  html: 'html', htm: 'html', xml: 'html', svg: 'html', vue: 'html',
};

/** The language for a fence info string or a file extension, if we highlight it. */
export function langFor(name: string | undefined): Lang | undefined {
  if (!name) return undefined;
  return ALIASES[name.trim().toLowerCase()];
}

export function langForPath(path: string | undefined): Lang | undefined {
  if (!path) return undefined;
  const base = path.split(/[\\/]/).pop() ?? '';
  if (/^(Dockerfile|Makefile)$/i.test(base)) return undefined;
  if (/^\.?(bashrc|zshrc|profile)$/.test(base)) return 'bash';
  const ext = /\.([A-Za-z0-9]+)$/.exec(base)?.[1];
  return langFor(ext);
}
