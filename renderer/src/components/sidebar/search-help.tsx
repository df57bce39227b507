/** "?" beside the search box: the query language (main/core/search/query.ts), each example a click away. */
import { useEffect, useId, useRef, useState } from 'react';

const SYNTAX: readonly (readonly [example: string, what: string])[] = [
  ['retry timeout', 'messages holding every word (any case, substrings, paths, CJK)'],
  ['"connection refused"', 'that exact text, spaces included'],
  ['deploy -staging', 'leave out messages holding a word (or -"a phrase")'],
  ['agent:codex', 'one agent (id or name: agent:claude); repeat for any of several'],
  ['workspace:dejavu', 'one project'],
  ['file:src/app.ts', 'conversations that read, edited or patched that file (relative: in any checkout)'],
  ['after:7d', 'active on or after: 2026-01-31, 2026-01, today, yesterday, 12h, 7d, 2w'],
  ['before:2026-01', 'started before a date'],
  ['role:user', 'only what you typed (also assistant, tool, system)'],
  ['tool:Bash npm test', 'calls of one tool, the words matched in its arguments'],
  ['in:tools', 'tool output too (as “Include tool output” does)'],
];

export function SearchHelp({ onExample }: { onExample: (query: string) => void }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-help-button"
        aria-label="Search syntax"
        aria-expanded={open}
        aria-controls={id}
        title="Search syntax"
        onClick={() => setOpen(!open)}
      >
        ?
      </button>
      {open ? (
        <div
          ref={box}
          id={id}
          className="search-help"
          role="dialog"
          aria-label="Search syntax"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <p className="search-help-title">Search syntax — click an example to try it</p>
          <table>
            <tbody>
              {SYNTAX.map(([example, what]) => (
                <tr key={example}>
                  <th scope="row">
                    <button
                      type="button"
                      className="search-example"
                      onClick={() => {
                        onExample(example);
                        setOpen(false);
                      }}
                    >
                      <code>{example}</code>
                    </button>
                  </th>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="search-help-foot">Combine them: <code>agent:claude role:user after:2w migration</code></p>
        </div>
      ) : null}
    </>
  );
}
