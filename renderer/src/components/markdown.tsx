/** Transcript text as Markdown, built as React elements: nothing here is ever parsed as HTML. */
import { memo, type ReactNode, useMemo } from 'react';
import { langFor } from '../lib/highlight';
import { type Block, type Inline, parseBlocks, parseInline } from '../lib/markdown-parse';
import { CodeBlock } from './code-block';
import { ExternalLink } from './external-link';
import './markdown.css';

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return n.text;
      case 'br':
        return <br key={i} />;
      case 'code':
        return (
          <code className="md-code" key={i}>
            {n.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{renderInline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children)}</em>;
      case 'del':
        return <del key={i}>{renderInline(n.children)}</del>;
      case 'link':
        return (
          <ExternalLink key={i} href={n.href}>
            {renderInline(n.children)}
          </ExternalLink>
        );
      case 'blocked-link':
        return (
          <span className="md-blocked" key={i} title="Link not opened: only http(s) links are active">
            {n.source}
          </span>
        );
    }
  });
}

function Inlines({ text }: { text: string }): React.JSX.Element {
  return <>{renderInline(parseInline(text))}</>;
}

function renderBlocks(blocks: readonly Block[]): ReactNode[] {
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'p':
        return (
          <p key={i}>
            <Inlines text={b.text} />
          </p>
        );
      case 'h': {
        const H = `h${Math.min(6, b.level + 1)}` as 'h2';
        return (
          <H key={i} className={`md-h md-h${b.level}`}>
            <Inlines text={b.text} />
          </H>
        );
      }
      case 'code':
        return <CodeBlock key={i} code={b.text} lang={langFor(b.lang)} label={b.lang || undefined} />;
      case 'quote':
        return <blockquote key={i}>{renderBlocks(b.children)}</blockquote>;
      case 'hr':
        return <hr key={i} />;
      case 'list': {
        const items = b.items.map((it, j) => <li key={j}>{renderBlocks(it.length === 1 && it[0].type === 'p' ? it : it)}</li>);
        return b.ordered ? (
          <ol key={i} start={b.start === 1 ? undefined : b.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'table':
        return (
          <div className="md-table-wrap" key={i}>
            <table>
              <thead>
                <tr>
                  {b.header.map((c, j) => (
                    <th key={j} className={b.align[j] ? `al-${b.align[j]}` : undefined}>
                      <Inlines text={c} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((r, k) => (
                  <tr key={k}>
                    {b.header.map((_, j) => (
                      <td key={j} className={b.align[j] ? `al-${b.align[j]}` : undefined}>
                        <Inlines text={r[j] ?? ''} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
  });
}

export const Markdown = memo(function Markdown({ text }: { text: string }): React.JSX.Element {
  const blocks = useMemo(() => parseBlocks(text), [text]);
  return <div className="md">{renderBlocks(blocks)}</div>;
});
