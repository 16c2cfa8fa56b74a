import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { pageLog, type LogBuffer, type LogLine } from '../../services/app/log-buffer';

/** The log views read: the page's log (spec §9 "Log buffer 30 lines"), or a story's own. */
const LogBufferContext = createContext<LogBuffer>(pageLog);

export function LogBufferProvider({ log, children }: { log: LogBuffer; children: ReactNode }) {
  return <LogBufferContext.Provider value={log}>{children}</LogBufferContext.Provider>;
}

/** The kept log lines, oldest first; re-renders on every write. */
export function useLogLines(): readonly LogLine[] {
  const log = useContext(LogBufferContext);
  return useSyncExternalStore(log.subscribe, log.lines);
}
