/**
 * Every route its own document title, "<page> — <product>" (WCAG 2.4.2): the browser tab, the
 * history list and a screen reader's first words say which page this is. The title follows the
 * page's main heading, so a page needs no extra code and the title can never disagree with what
 * is shown (the detail page's "Carregando..." becomes the person's name by itself). A heading
 * may give a fuller title in `data-title` (the results page: "Resultados: maria").
 */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../ui/branding';

/** The title of a page whose main heading says `heading` (the server's render uses it too). */
export function titleFor(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text && text !== PRODUCT_NAME ? `${text} — ${PRODUCT_NAME}` : PRODUCT_NAME;
}

function currentHeading(): string | null {
  const h1 = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
  if (!h1) return null;
  return h1.dataset.title ?? h1.textContent;
}

export function DocumentTitle() {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const title = titleFor(currentHeading());
      if (document.title !== title) document.title = title;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-title'],
    });
    update();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
