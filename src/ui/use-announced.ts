/**
 * A status said by the app's one live region as it changes (live-region.tsx). In a file of its
 * own so it lands in the lazy chunks that use it, not in the first load with the region.
 */
import { useEffect, useRef } from 'react';
import { announce } from './live-region';

/**
 * Says `text` each time it changes to a new non-empty value, never for the value the
 * component mounted with (a status already on the page when it opens is not news).
 */
export function useAnnounced(text: string | null): void {
  const last = useRef(text);
  useEffect(() => {
    if (text === last.current) return;
    last.current = text;
    if (text) announce(text);
  }, [text]);
}
