/** The command that resumes the conversation in its agent, with a button that copies it (with a `cd` to its folder). */
import { useState } from 'react';
import type { ConversationView } from '../../../../shared/contract';

export function ResumeCommand({ resume }: { resume: NonNullable<ConversationView['resume']> }): React.JSX.Element {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(resume.cwd ? `cd ${shellQuote(resume.cwd)} && ${resume.command}` : resume.command);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="resume">
      <span className="resume-label">Resume</span>
      <code className="resume-cmd">{resume.command}</code>
      <button type="button" className="btn btn-small" onClick={() => void copy()} aria-label="Copy resume command">
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
