/**
 * The app's one polite live region (WCAG 4.1.3): going offline and back online, a write kept
 * on the device or sent (the flash messages, which it holds), the visit pack's phases and
 * outcome — all are said here, one after the other, instead of by several regions that talk
 * over each other. Mounted once at the root as the flash area; anything may call announce()
 * (or useAnnounced, use-announced.ts). An announced text is visually hidden (it is also shown
 * where it belongs on the page) and stays until the next one (never cleared by a timer), so a
 * screen reader's review and a test can both find it. Kept tiny: it is in every first load.
 */
import { type ReactNode, useEffect, useState } from 'react';

export const CONNECTION_TEXT = {
  offline: 'Sem conexão: o que você salvar fica guardado neste aparelho.',
  online: 'Conexão restabelecida.',
} as const;

type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Says `text` in the live region (again, if it is the same as the last one). */
export function announce(text: string): void {
  for (const listener of listeners) listener(text);
}

/**
 * The region. Its children (the flash messages, flash.tsx) are shown and said as they come;
 * announce()'s text is only said (a visually hidden line inside the same region).
 */
export function LiveRegion({ className, children }: { className?: string; children?: ReactNode }) {
  // The count keys the text's node: a repeated status is a new node, so it is said again.
  const [said, setSaid] = useState({ text: '', count: 0 });
  useEffect(() => {
    const listener: Listener = (text) => setSaid((s) => ({ text, count: s.count + 1 }));
    listeners.add(listener);
    const offline = () => announce(CONNECTION_TEXT.offline);
    const online = () => announce(CONNECTION_TEXT.online);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return (
    <div className={className} role="status" aria-live="polite">
      {children}
      {said.text && (
        <span key={said.count} className="visually-hidden">
          {said.text}
        </span>
      )}
    </div>
  );
}
