import { useEffect, useState } from 'react';
import type { AppStatus } from '../../shared/contract';
import { call } from './transport';

/** Placeholder shell until the real UI lands. */
export function App(): React.JSX.Element {
  const [status, setStatus] = useState<AppStatus | undefined>();
  useEffect(() => {
    call('dejavu:status', {}).then((s) => {
      setStatus(s);
      document.getElementById('root')?.setAttribute('data-app-state', 'ready');
    });
  }, []);
  return <main>{status ? `${status.stats.conversations} conversations` : 'Loading…'}</main>;
}
