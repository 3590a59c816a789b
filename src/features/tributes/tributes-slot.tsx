/**
 * Where the detail page puts "Homenagens". The section (list, pending tributes, the visitor's
 * login prompt) is loaded lazily, once its place comes near the viewport (useNearViewport, as
 * "Como chegar"), so the QR landing's first load does not carry it. Its code is kept on the
 * device with the record (useKeepCode) and then drawn at once, so it opens without signal;
 * when it still cannot load, the heading stays and the part says so, with a retry
 * (part-boundary). Until it comes, the heading and the section's room are kept.
 */
import { type RefObject, Suspense, useRef, useState } from 'react';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { useKeepCode } from '../../ui/use-keep-code';
import { useNearViewport } from '../../ui/use-near-viewport';
import type { TributesSection as TributesSectionType } from './tributes-section';
import './tributes-slot.css';

type Props = Parameters<typeof TributesSectionType>[0];

const loadTributes = () =>
  import('./tributes-section').then((m) => ({ default: m.TributesSection }));
const TributesSection = retryableLazy<Props>(loadTributes);

/** The section's frame: its heading (the page's outline does not wait) and its room. */
function TributesFrame({
  holder,
  children,
}: {
  holder?: RefObject<HTMLElement | null>;
  children: React.ReactNode;
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
  const [kept, setKept] = useState(false);
  useKeepCode(loadTributes, true, () => setKept(true));
  if (!near && !kept) return <TributesFrame holder={holder}>{placeholder}</TributesFrame>;
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
