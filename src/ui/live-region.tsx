/**
 * The app's one polite live region (WCAG 4.1.3): going offline and back online, a write kept
 * on the device or sent, the visit pack's progress and outcome, "Pronto para uso offline" —
 * all are said here, one after the other, instead of by several regions that talk over each
 * other. Mounted once at the root; anything may call announce() (or useAnnounced, use-announced.ts). The region is visually
 * hidden: each status is also shown where it belongs on the page. It keeps the last status
 * (never cleared by a timer), so a screen reader's review and a test can both find it.
 * Kept tiny: it is in the first load of every page.
 */
import { useEffect, useState } from 'react';

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

export function LiveRegion() {
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
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said.text && <span key={said.count}>{said.text}</span>}
    </div>
  );
}
