/**
 * The one logger of the core: every failure nobody awaits (a sweep after a sync, live capture's
 * work) is written here instead of being dropped. Scoped (`createLogger('service').child('sweep')`);
 * lines go to stderr unless a host gives another sink (the Electron shell, a test).
 */
export type LogLevel = 'error' | 'warn' | 'info';

export type LogSink = (level: LogLevel, scope: string, message: string) => void;

export interface Logger {
  error(message: string, err?: unknown): void;
  warn(message: string, err?: unknown): void;
  info(message: string): void;
  child(scope: string): Logger;
}

const stderrSink: LogSink = (level, scope, message) => process.stderr.write(`${new Date().toISOString()} ${level} [${scope}] ${message}\n`);

export function createLogger(scope: string, sink: LogSink = stderrSink): Logger {
  const line = (message: string, err: unknown) => (err === undefined ? message : `${message}: ${errorText(err)}`);
  return {
    error: (message, err) => sink('error', scope, line(message, err)),
    warn: (message, err) => sink('warn', scope, line(message, err)),
    info: (message) => sink('info', scope, message),
    child: (name) => createLogger(`${scope}.${name}`, sink),
  };
}

/** An error as one line a person can read. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
