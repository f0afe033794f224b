import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  kind: 'success' | 'error';
}

/** An inline message that clears itself after `ms` (spec timers: 2 s, 3 s…). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const show = useCallback(
    (text: string, kind: TimedMessage['kind'] = 'success') => {
      clearTimeout(timer.current);
      setMessage({ text, kind });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
