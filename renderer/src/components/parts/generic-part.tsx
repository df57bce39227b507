import type { GenericPart as Generic } from '../../../../shared/record';
import { LongText } from './long-text';

/** Something the agent recorded with no better shape: labelled and shown as-is. */
export function GenericPart({ part }: { part: Generic }): React.JSX.Element {
  return (
    <div className="part-generic" data-part="generic">
      <div className="part-label">{part.kind}</div>
      <LongText text={prettyJson(part.content)} />
    </div>
  );
}

function prettyJson(s: string): string {
  const t = s.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return s;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return s;
  }
}
