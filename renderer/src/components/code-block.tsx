/** Code shown plain at once, then highlighted by shiki when the browser is idle. */
import { type CSSProperties, memo, useEffect, useState } from 'react';
import { cachedTokens, highlight, type Lang, type Token, type TokenLines } from '../lib/highlight';
import { CopyButton } from './copy-button';
import './code.css';

export function useTokens(code: string, lang: Lang | undefined): TokenLines | undefined {
  const [tokens, setTokens] = useState<{ code: string; lang?: Lang; lines?: TokenLines }>(() => ({
    code,
    lang,
    lines: lang ? cachedTokens(code, lang) : undefined,
  }));
  useEffect(() => {
    if (!lang) return;
    if (tokens.code === code && tokens.lang === lang && tokens.lines) return;
    let live = true;
    highlight(code, lang).then(
      (lines) => live && setTokens({ code, lang, lines }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, lang, tokens]);
  return tokens.code === code && tokens.lang === lang ? tokens.lines : undefined;
}

export function TokenSpans({ line }: { line: readonly Token[] }): React.JSX.Element {
  return (
    <>
      {line.map((t, i) =>
        t.light || t.dark ? (
          <span key={i} className={t.fontStyle && t.fontStyle & 1 ? 'tok tok-i' : 'tok'} style={{ '--l': t.light, '--d': t.dark } as CSSProperties}>
            {t.content}
          </span>
        ) : (
          t.content
        ),
      )}
    </>
  );
}

interface CodeBlockProps {
  readonly code: string;
  readonly lang?: Lang;
  /** Shown in the corner: the language or a file name. */
  readonly label?: string;
  readonly className?: string;
}

export const CodeBlock = memo(function CodeBlock({ code, lang, label, className }: CodeBlockProps): React.JSX.Element {
  const text = code.endsWith('\n') ? code.slice(0, -1) : code;
  const lines = useTokens(text, lang);
  return (
    <div className={`code-block ${className ?? ''}`} data-lang={lang} data-highlighted={lines ? 'true' : 'false'}>
      {label ? <div className="code-label">{label}</div> : null}
      <CopyButton text={() => text} label="Copy code" className="code-copy" />
      <pre className="code">
        <code>
          {lines
            ? lines.map((line, i) => (
                <span className="line" key={i}>
                  <TokenSpans line={line} />
                  {'\n'}
                </span>
              ))
            : text}
        </code>
      </pre>
    </div>
  );
});
