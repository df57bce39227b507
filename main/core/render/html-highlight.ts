/**
 * Code highlighted to HTML on the Node side, synchronously, for the self-contained HTML
 * export: shiki with its JavaScript regex engine (no WASM), light and dark colours as CSS
 * variables on each token so the page follows the reader's colour scheme without a script.
 */
import { createRequire } from 'node:module';
import type { HighlighterCore, LanguageRegistration, ThemeRegistration } from 'shiki/core';
import type { Lang } from '../../../shared/code-lang';
import { escapeHtml } from './html-escape';

/** Larger blocks are shown plain: highlighting is ~1 MB/s and a page must not take minutes. */
const MAX_BLOCK_CHARS = 30_000;

const LANGS = ['bash', 'css', 'diff', 'go', 'html', 'javascript', 'json', 'markdown', 'python', 'rust', 'toml', 'tsx', 'typescript', 'yaml'];

let highlighter: HighlighterCore | undefined;

/**
 * Shiki and its grammars (~1 MB of code) are loaded at the first block highlighted, not with the
 * rest: every `dejavu` command and reading thread started ~0.1 s slower for them (the HTML export
 * alone uses them). `require` of these ES modules is synchronous (Node >= 22.12).
 */
function core(): HighlighterCore {
  if (highlighter) return highlighter;
  const load = createRequire(import.meta.url);
  const { createHighlighterCoreSync } = load('shiki/core') as typeof import('shiki/core');
  const { createJavaScriptRegexEngine } = load('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
  const theme = (name: string) => (load(`shiki/themes/${name}.mjs`) as { default: ThemeRegistration }).default;
  const lang = (name: string) => (load(`shiki/langs/${name}.mjs`) as { default: LanguageRegistration[] }).default;
  highlighter = createHighlighterCoreSync({
    themes: [theme('github-light'), theme('github-dark')],
    langs: LANGS.map(lang),
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/** A `<pre>` block: highlighted when the language is known and the block is not huge; escaped either way. */
export function codeBlock(code: string, lang: Lang | undefined): string {
  if (!lang || code.length > MAX_BLOCK_CHARS) return `<pre class="code plain"><code>${escapeHtml(code)}</code></pre>`;
  return core().codeToHtml(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false }).replace('<pre class="shiki', '<pre class="code shiki');
}
