/**
 * On a record's page: where the remains are now, when they have left their grave (an
 * exhumation or a transfer wrote a custody step). Its code and its request wait until the
 * place comes near the screen, so the QR landing's first visit pays nothing for it
 * (docs/decisions.md: bundle budgets).
 */
import { lazy, Suspense, useRef } from 'react';
import { PartBoundary } from '../../ui/part-boundary';
import { useNearViewport } from '../../ui/use-near-viewport';

const CustodySection = lazy(() => import('./custody-section'));

export function CustodySlot({ id }: { id: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <div ref={ref}>
      {near && (
        <PartBoundary message="Não foi possível mostrar onde estão os restos mortais.">
          <Suspense fallback={null}>
            <CustodySection id={id} />
          </Suspense>
        </PartBoundary>
      )}
    </div>
  );
}
