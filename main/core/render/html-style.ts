/** The stylesheet of the HTML export, inlined: light by default, dark when the reader's system is. */
export const HTML_EXPORT_CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #f6f8fa;
  --user: #ddf4ff; --user-line: #54aeff; --add: #dafbe1; --add-fg: #116329; --del: #ffebe9; --del-fg: #82071e; --mask: #fff1c2; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #30363d; --card: #161b22;
    --user: #0c2d4b; --user-line: #1f6feb; --add: #12261e; --add-fg: #7ee787; --del: #25171c; --del-fg: #ffa198; --mask: #3d2f00; }
  .shiki span { color: var(--shiki-dark) !important; }
}
.shiki span { color: var(--shiki-light); }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
main { max-width: 920px; margin: 0 auto; padding: 32px 20px 64px; }
h1 { font-size: 24px; line-height: 1.3; margin: 0 0 12px; overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0 0 28px; padding: 12px 16px; background: var(--card); border: 1px solid var(--line); border-radius: 8px; font-size: 13px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.notice { font-size: 13px; color: var(--muted); margin: -16px 0 24px; }
.msg { margin: 0 0 18px; }
.msg > header { font-size: 12px; color: var(--muted); margin: 0 0 4px; display: flex; gap: 8px; align-items: baseline; }
.msg > header .role { font-weight: 600; color: var(--fg); text-transform: uppercase; letter-spacing: .04em; }
.msg.user .body { background: var(--user); border-left: 3px solid var(--user-line); border-radius: 6px; padding: 10px 14px; }
.msg.superseded { opacity: .7; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; }
.text code, summary code { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
pre.code { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--card) !important; border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 6px 0; overflow-x: auto; white-space: pre; }
details { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--bg); }
details > summary { cursor: pointer; padding: 6px 10px; font-size: 13px; color: var(--muted); list-style-position: inside; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
details > summary strong { color: var(--fg); font-weight: 600; }
details[open] > summary { border-bottom: 1px solid var(--line); }
details > .inner { padding: 4px 10px 8px; }
details.thinking > .inner { font-style: italic; color: var(--muted); }
.error > summary strong { color: var(--del-fg); }
.diff { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; overflow-x: auto; }
.diff .path { padding: 4px 10px; background: var(--card); border-bottom: 1px solid var(--line); font-weight: 600; }
.diff .l { white-space: pre; padding: 0 10px; min-height: 1.45em; }
.diff .add { background: var(--add); color: var(--add-fg); }
.diff .del { background: var(--del); color: var(--del-fg); }
.diff .hunk { color: var(--muted); background: var(--card); }
.redacted { background: var(--mask); border-radius: 3px; padding: 0 2px; font-weight: 600; }
img.blob { max-width: 100%; border: 1px solid var(--line); border-radius: 6px; }
ul.todos { margin: 4px 0; padding-left: 22px; }
footer { margin-top: 40px; font-size: 12px; color: var(--muted); text-align: center; }
`;
