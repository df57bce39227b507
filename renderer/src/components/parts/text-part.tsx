import type { TextPart as Text } from '../../../../shared/record';
import { Markdown } from '../markdown';

export function TextPart({ part }: { part: Text }): React.JSX.Element {
  return <Markdown text={part.content} />;
}
