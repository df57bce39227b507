/**
 * Code highlighted to HTML on the Node side, synchronously, for the self-contained HTML
 * export: shiki with its JavaScript regex engine (no WASM), light and dark colours as CSS
 * variables on each token so the page follows the reader's colour scheme without a script.
 */
import type { HighlighterCore } from 'shiki/core';
import type { Lang } from '../../../shared/code-lang';
import { escapeHtml } from './html-escape';

/** Larger blocks are shown plain: highlighting is ~1 MB/s and a page must not take minutes. */
const MAX_BLOCK_CHARS = 30_000;

let highlighter: HighlighterCore | undefined;
let loading: Promise<HighlighterCore> | undefined;

/**
 * Loads shiki and its grammars (~1 MB of code): when an HTML page is first asked for, not with
 * the rest, which made every `dejavu` command start ~50 ms slower. Await it before `codeBlock`
 * (export.ts `readyToRender`). Imported, not required: an ES module from the app's asar archive
 * loads through the path Electron supports.
 */
export function loadHighlighter(): Promise<void> {
  loading ??= (async () => {
    const [{ createHighlighterCoreSync }, { createJavaScriptRegexEngine }, themes, langs] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
      Promise.all([import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')]),
      Promise.all([
        import('shiki/langs/bash.mjs'),
        import('shiki/langs/css.mjs'),
        import('shiki/langs/diff.mjs'),
        import('shiki/langs/go.mjs'),
        import('shiki/langs/html.mjs'),
        import('shiki/langs/javascript.mjs'),
        import('shiki/langs/json.mjs'),
        import('shiki/langs/markdown.mjs'),
        import('shiki/langs/python.mjs'),
        import('shiki/langs/rust.mjs'),
        import('shiki/langs/toml.mjs'),
        import('shiki/langs/tsx.mjs'),
        import('shiki/langs/typescript.mjs'),
        import('shiki/langs/yaml.mjs'),
      ]),
    ]);
    return createHighlighterCoreSync({
      themes: themes.map((t) => t.default),
      langs: langs.map((l) => l.default),
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return loading.then((loaded) => {
    highlighter = loaded;
  });
}

function core(): HighlighterCore {
  if (!highlighter) throw new Error('code highlighted before loadHighlighter() finished');
  return highlighter;
}

/**
 * A line longer than this is shown plain. shiki's own bound is time (500 ms a line by default),
 * which made the same conversation's page differ from run to run on a loaded machine (a long
 * line cut short when slow; far-prompt.test.ts failed so); a bound in characters gives the same
 * page every time. A long string literal costs the TypeScript grammar quadratic time (1,000
 * characters 86 ms, 2,000 300 ms, 4,000 1.2 s here; code and JSON lines ~10 ms a 1,000).
 */
export const MAX_HIGHLIGHTED_LINE = 2_000;

/** A `<pre>` block: highlighted when the language is known and the block is not huge; escaped either way. */
export function codeBlock(code: string, lang: Lang | undefined): string {
  if (!lang || code.length > MAX_BLOCK_CHARS) return `<pre class="code plain"><code>${escapeHtml(code)}</code></pre>`;
  const options = { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false as const, tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE, tokenizeTimeLimit: 0 };
  return core().codeToHtml(code, options).replace('<pre class="shiki', '<pre class="code shiki');
}
