/**
 * True once the element has come within `margin` of the viewport, and stays true. Heavy parts
 * below the fold (the map, the QR code) wait for it, so a page's first paint never pays for
 * them on a crowded network (docs/decisions.md: bundle budgets). Without IntersectionObserver, at once.
 */
import { type RefObject, useEffect, useState } from 'react';

export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
