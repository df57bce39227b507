/** A file diff: added and removed lines with gutters, syntax-highlighted by the file's type. */
import { memo, useMemo, useState } from 'react';
import type { DiffLine, FileDiff } from '../../../shared/diff';
import { langForPath, type Token } from '../lib/highlight';
import { TokenSpans, useTokens } from './code-block';
import './diff-view.css';

const ACTION_LABEL: Record<FileDiff['action'], string> = { update: 'Modified', add: 'Added', delete: 'Deleted', write: 'Written', edit: 'Edited' };
const LIMIT = 120;

export const DiffView = memo(function DiffView({ file }: { file: FileDiff }): React.JSX.Element {
  const [all, setAll] = useState(false);
  const lang = langForPath(file.movedTo ?? file.path);
  const { oldText, newText, oldIdx, newIdx, added, removed } = useMemo(() => sides(file.lines), [file.lines]);
  const oldTokens = useTokens(oldText, lang);
  const newTokens = useTokens(newText, lang);
  const shown = all ? file.lines : file.lines.slice(0, LIMIT);
  // Edits of a string carry no file line numbers: no gutter then.
  const numbered = useMemo(() => file.lines.some((l) => l.oldNo !== undefined || l.newNo !== undefined), [file.lines]);
  const tokensFor = (i: number): readonly Token[] | undefined => {
    const l = file.lines[i];
    if (l.kind === 'del') return oldTokens?.[oldIdx[i]];
    if (l.kind === 'add' || l.kind === 'ctx') return newTokens?.[newIdx[i]];
    return undefined;
  };
  return (
    <figure className={`diff ${file.lines.length ? '' : 'diff-headonly'}`} data-testid="diff-view" data-highlighted={oldTokens || newTokens ? 'true' : 'false'}>
      <figcaption className="diff-head">
        <span className={`diff-action diff-action-${file.action}`}>{ACTION_LABEL[file.action]}</span>
        <span className="diff-path" title={file.path}>
          {file.path}
          {file.movedTo ? ` → ${file.movedTo}` : ''}
        </span>
        <span className="diff-stat">
          {added ? <span className="diff-stat-add">+{added}</span> : null}
          {removed ? <span className="diff-stat-del">−{removed}</span> : null}
        </span>
      </figcaption>
      {file.lines.length ? (
        <div className="diff-body" role="table" aria-label={`Changes to ${file.path}`}>
          {shown.map((l, i) => (
            <DiffRow key={i} line={l} tokens={tokensFor(i)} numbered={numbered} />
          ))}
        </div>
      ) : file.action === 'delete' ? null : (
        <div className="diff-empty">No line changes.</div>
      )}
      {!all && file.lines.length > LIMIT ? (
        <button type="button" className="link-button diff-more" onClick={() => setAll(true)}>
          Show all {file.lines.length} lines
        </button>
      ) : null}
    </figure>
  );
});

function DiffRow({ line, tokens, numbered }: { line: DiffLine; tokens?: readonly Token[]; numbered: boolean }): React.JSX.Element {
  if (line.kind === 'hunk') {
    return (
      <div className="diff-line diff-hunk" role="row">
        <span className="diff-text" role="cell">
          {line.text}
        </span>
      </div>
    );
  }
  const sign = line.kind === 'add' ? '+' : line.kind === 'del' ? '−' : ' ';
  return (
    <div className={`diff-line diff-${line.kind}`} role="row">
      {numbered ? (
        <>
          <span className="diff-no" role="cell">
            {line.oldNo ?? ''}
          </span>
          <span className="diff-no" role="cell">
            {line.newNo ?? ''}
          </span>
        </>
      ) : null}
      <span className="diff-sign" role="cell" aria-label={line.kind === 'add' ? 'added' : line.kind === 'del' ? 'removed' : undefined}>
        {sign}
      </span>
      <span className="diff-text" role="cell">
        {tokens ? <TokenSpans line={tokens} /> : line.text}
      </span>
    </div>
  );
}

function sides(lines: readonly DiffLine[]) {
  const oldLines: string[] = [];
  const newLines: string[] = [];
  const oldIdx: number[] = [];
  const newIdx: number[] = [];
  let added = 0;
  let removed = 0;
  lines.forEach((l, i) => {
    if (l.kind === 'del') {
      oldIdx[i] = oldLines.length;
      oldLines.push(l.text);
      removed++;
    } else if (l.kind === 'add' || l.kind === 'ctx') {
      newIdx[i] = newLines.length;
      newLines.push(l.text);
      if (l.kind === 'add') added++;
    }
  });
  return { oldText: oldLines.join('\n'), newText: newLines.join('\n'), oldIdx, newIdx, added, removed };
}
