/**
 * Where the detail page puts "Homenagens". On a first visit (no service worker yet: every chunk
 * comes over the network) a visitor's section — the list, the login prompt — is loaded lazily,
 * once its place comes near the viewport (useNearViewport, as "Como chegar"), so the QR
 * landing's first load does not carry it. Once the worker controls the page its code is on the
 * device (precached), and for a person logged in (who writes here) it is wanted: then it draws
 * at once, also without signal. When it cannot load, the heading stays and the part says so,
 * with a retry (part-boundary). Until it comes, the heading and the section's room are kept.
 */
import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../../data/session';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { useNearViewport } from '../../ui/use-near-viewport';
import type { TributesSection as TributesSectionType } from './tributes-section';
import './tributes-slot.css';

type Props = Parameters<typeof TributesSectionType>[0];

const TributesSection = retryableLazy<Props>(() =>
  import('./tributes-section').then((m) => ({ default: m.TributesSection })),
);

/** True while, or once, a service worker controls the page. */
function useWorkerControls(): boolean {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const [controls, setControls] = useState(Boolean(worker?.controller));
  useEffect(() => {
    if (!worker || controls) return;
    const taken = () => setControls(Boolean(worker.controller));
    worker.addEventListener('controllerchange', taken);
    return () => worker.removeEventListener('controllerchange', taken);
  }, [worker, controls]);
  return controls;
}

/** The section's frame: its heading (the page's outline does not wait) and its room. */
function TributesFrame({
  holder,
  children,
}: {
  holder?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <section ref={holder} className="page tribute-slot" aria-labelledby="homenagens-titulo">
      <h2 id="homenagens-titulo">{LOAD_TEXT.tributesHeading}</h2>
      {children}
    </section>
  );
}

const placeholder = <p className="muted">{LOAD_TEXT.tributesLoading}</p>;

export function TributesSlot(props: Props) {
  const holder = useRef<HTMLElement>(null);
  const near = useNearViewport(holder);
  const onDevice = useWorkerControls();
  const writer = useSession().status === 'authenticated';
  if (!near && !onDevice && !writer)
    return <TributesFrame holder={holder}>{placeholder}</TributesFrame>;
  return (
    <PartBoundary
      message={LOAD_TEXT.tributes}
      onRetry={TributesSection.retry}
      fallback={(box) => <TributesFrame>{box}</TributesFrame>}
    >
      <Suspense fallback={<TributesFrame>{placeholder}</TributesFrame>}>
        <TributesSection {...props} />
      </Suspense>
    </PartBoundary>
  );
}
