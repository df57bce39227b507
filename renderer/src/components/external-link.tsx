/** An http(s) link from a transcript: opened by the desktop app outside, or in a new tab. */
import type { ReactNode } from 'react';
import { useChannel } from '../lib/queries';
import { call } from '../transport';

export function isSafeHref(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }): React.JSX.Element {
  const status = useChannel('dejavu:status', {});
  if (!isSafeHref(href)) return <span className="md-blocked">{children}</span>;
  const external = status.data?.capabilities.openExternal ?? false;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
      onClick={
        external
          ? (e) => {
              e.preventDefault();
              void call('dejavu:open-external', { url: href });
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}
