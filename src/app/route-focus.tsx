/**
 * After a client-side route change, moves focus to the new page's main heading so a screen
 * reader announces it and a keyboard user starts at the top of the content (WCAG 2.4.3), instead
 * of focus falling to <body>. The first load keeps the browser's own focus: nothing has changed
 * for the person yet. Pages load lazily, so the heading is awaited for a short while.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const MAIN_ID = 'conteudo';

function focusHeading(): boolean {
  // A heading still saying "Carregando..." is about to be replaced: wait for the real one.
  const ready = 'h1:not([aria-busy="true"])';
  const heading =
    document.querySelector<HTMLElement>(`#${MAIN_ID} ${ready}`) ??
    document.querySelector<HTMLElement>(ready);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: false });
  return true;
}

export function RouteFocus() {
  const { pathname, search } = useLocation();
  // The route the focus was last moved for (the first load's: nothing to move). A route, not
  // a "first run" flag: StrictMode runs an effect twice on mount, and a flag then moved focus on
  // the first load, into a page the server rendered before it was hydrated.
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    let tries = 0;
    let timer = 0;
    // The person acts before the page's heading is there (types in the navbar's search box
    // while the record loads, say): moving focus then would take their keystrokes away.
    let acted = false;
    const onAct = () => {
      acted = true;
    };
    const events = ['keydown', 'pointerdown'] as const;
    for (const name of events) document.addEventListener(name, onAct, true);
    const attempt = () => {
      if (acted || focusHeading() || ++tries > 100) return;
      timer = window.setTimeout(attempt, 50);
    };
    attempt();
    return () => {
      window.clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, onAct, true);
    };
  }, [pathname, search]);
  return null;
}
