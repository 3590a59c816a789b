/**
 * A gentle offer of the visit pack, once, on a phone-sized or touch device (where going to the
 * cemetery without signal is likely): "Ver como" opens /offline, "Agora não" dismisses it for
 * good (localStorage). Never shown once a pack exists (remembered too), and only on the pages
 * of someone looking for a grave (pack-offer-pages.ts). It sits after the page's content, in
 * the flow: pinned over the page, it covered the record's data and the form fields.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePackKnown } from '../../data/pack';
import { PACK_TEXT } from '../../lib/texts/pack-texts';
import { packOfferedOn } from './pack-offer-pages';

const DISMISSED_KEY = 'memorial.packOffer.dismissed';

function isPhone(): boolean {
  if (typeof window === 'undefined') return false;
  const small = window.matchMedia?.('(max-width: 820px)').matches ?? false;
  const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return small || touch;
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return true;
  }
}

function remember(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Private mode: it shows again next visit, which is harmless.
  }
}

export function PackOffer() {
  const location = useLocation();
  // Decided once mounted, before the first paint: a page the server rendered has no offer in
  // it (the server knows neither the device nor what it dismissed), and its hydration must
  // find none; the offer then comes below the page.
  const [hidden, setHidden] = useState(true);
  useLayoutEffect(() => setHidden(dismissedBefore() || !isPhone()), []);
  const known = usePackKnown();
  // Decided in the first paint: while Dexie has not answered, no pack is assumed. Shown only
  // once it answered, the offer pushed the page down under the visitor's finger or mouse (it
  // closed an emoji picker being opened). Once a pack exists the offer is over for good, and
  // later visits decide from localStorage without waiting.
  useEffect(() => {
    if (known === true) remember();
  }, [known]);
  if (hidden || known === true || !packOfferedOn(location.pathname)) return null;

  const dismiss = () => {
    remember();
    setHidden(true);
  };
  return (
    <aside className="shell-offer" aria-label={PACK_TEXT.offerTitle}>
      <p>
        <strong>{PACK_TEXT.offerTitle}</strong> {PACK_TEXT.offerText}
      </p>
      <Link className="btn btn-primary" to="/offline" onClick={dismiss}>
        {PACK_TEXT.offerAccept}
      </Link>
      <button type="button" className="btn" onClick={dismiss}>
        {PACK_TEXT.offerDismiss}
      </button>
    </aside>
  );
}
