/**
 * Syntax highlighting with shiki, off the critical path: the JavaScript regex engine (the
 * WASM one is blocked by the CSP), a handful of languages loaded on first use, and tokens
 * returned as data so they render as React spans (never as HTML).
 */
import type { HighlighterCore, LanguageRegistration, ThemedToken } from 'shiki/core';
import type { Lang } from '../../../shared/code-lang';

export { type Lang, langFor, langForPath } from '../../../shared/code-lang';

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
