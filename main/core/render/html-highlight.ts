/**
 * Code highlighted to HTML on the Node side, synchronously, for the self-contained HTML
 * export: shiki with its JavaScript regex engine (no WASM), light and dark colours as CSS
 * variables on each token so the page follows the reader's colour scheme without a script.
 */
import { createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import bash from 'shiki/langs/bash.mjs';
import css from 'shiki/langs/css.mjs';
import diff from 'shiki/langs/diff.mjs';
import go from 'shiki/langs/go.mjs';
import html from 'shiki/langs/html.mjs';
import javascript from 'shiki/langs/javascript.mjs';
import json from 'shiki/langs/json.mjs';
import markdown from 'shiki/langs/markdown.mjs';
import python from 'shiki/langs/python.mjs';
import rust from 'shiki/langs/rust.mjs';
import toml from 'shiki/langs/toml.mjs';
import tsx from 'shiki/langs/tsx.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import yaml from 'shiki/langs/yaml.mjs';
import githubDark from 'shiki/themes/github-dark.mjs';
import githubLight from 'shiki/themes/github-light.mjs';
import type { Lang } from '../../../shared/code-lang';
import { escapeHtml } from './html-escape';

/** Larger blocks are shown plain: highlighting is ~1 MB/s and a page must not take minutes. */
const MAX_BLOCK_CHARS = 30_000;

let highlighter: HighlighterCore | undefined;

function core(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({
    themes: [githubLight, githubDark],
    langs: [bash, css, diff, go, html, javascript, json, markdown, python, rust, toml, tsx, typescript, yaml],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/** A `<pre>` block: highlighted when the language is known and the block is not huge; escaped either way. */
export function codeBlock(code: string, lang: Lang | undefined): string {
  if (!lang || code.length > MAX_BLOCK_CHARS) return `<pre class="code plain"><code>${escapeHtml(code)}</code></pre>`;
  return core().codeToHtml(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false }).replace('<pre class="shiki', '<pre class="code shiki');
}
