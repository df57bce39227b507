/**
 * Syntax highlighting with shiki, off the critical path: the JavaScript regex engine (the
 * WASM one is blocked by the CSP), a handful of languages loaded on first use, and tokens
 * returned as data so they render as React spans (never as HTML).
 */
import type { HighlighterCore, LanguageRegistration, ThemedToken } from 'shiki/core';

export type Lang = 'bash' | 'json' | 'typescript' | 'tsx' | 'javascript' | 'python' | 'diff' | 'markdown' | 'go' | 'rust' | 'yaml' | 'toml' | 'css' | 'html';

type LangModule = { default: LanguageRegistration[] };
const LOADERS: Record<Lang, () => Promise<LangModule>> = {
  bash: () => import('shiki/langs/bash.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  html: () => import('shiki/langs/html.mjs'),
};

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

/** A token as the views need it: text plus light and dark colours. */
export interface Token {
  readonly content: string;
  readonly light?: string;
  readonly dark?: string;
  readonly fontStyle?: number;
}
export type TokenLines = Token[][];

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<Lang, Promise<void>>();

function core(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
      import('shiki/themes/github-light.mjs'),
      import('shiki/themes/github-dark.mjs'),
    ]);
    return createHighlighterCore({ themes: [light.default, dark.default], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
  })();
  return highlighter;
}

async function ensure(lang: Lang): Promise<HighlighterCore> {
  const hl = await core();
  let p = loaded.get(lang);
  if (!p) {
    p = LOADERS[lang]().then((m) => hl.loadLanguage(...m.default));
    loaded.set(lang, p);
  }
  await p;
  return hl;
}

const cache = new Map<string, TokenLines>();
const MAX_CHARS = 200_000;

/** Cached result, if this exact code was highlighted already (lets views skip the plain pass). */
export function cachedTokens(code: string, lang: Lang): TokenLines | undefined {
  return cache.get(`${lang}\u0000${code}`);
}

/** Highlight code, after the browser is idle; undefined when it is too large to bother. */
export async function highlight(code: string, lang: Lang): Promise<TokenLines | undefined> {
  if (code.length > MAX_CHARS) return undefined;
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  await idle();
  const hl = await ensure(lang);
  const result = hl.codeToTokensWithThemes(code, { lang, themes: { light: 'github-light', dark: 'github-dark' } });
  const lines: TokenLines = result.map((line) =>
    line.map((t) => ({ content: t.content, light: t.variants.light?.color, dark: t.variants.dark?.color, fontStyle: t.variants.light?.fontStyle })),
  );
  if (cache.size > 500) cache.delete(cache.keys().next().value as string);
  cache.set(key, lines);
  return lines;
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 300 });
    else setTimeout(resolve, 16);
  });
}

export type { ThemedToken };
