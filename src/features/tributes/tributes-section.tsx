/**
 * The "Homenagens" section of the burial detail page: the form for a logged-in person
 * ("Você precisa estar logado para comentar." and a way to log in for a visitor) and the list.
 * The detail page renders <TributesSection sepultadoId={id} />.
 */
import { Suspense, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../data/session';
import { TRIBUTE_MSG } from '../../domain/tribute-rules';
import { LOAD_TEXT } from '../../lib/texts/load-texts';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { PartBoundary, retryableLazy } from '../../ui/part-boundary';
import { PendingTributes } from './pending-tributes';
import type { TributeForm as TributeFormType } from './tribute-form';
import { TributeList } from './tribute-list';
import { useTributes } from './use-tributes';
import './tributes.css';

// Only a logged-in person writes: a visitor (the QR landing) never downloads the form, its
// photo and emoji controls or the outbox's submit path.
// Its chunk missing without signal fails in its own box; the list below stays.
const TributeForm = retryableLazy<Parameters<typeof TributeFormType>[0]>(() =>
  import('./tribute-form').then((m) => ({ default: m.TributeForm })),
);

/**
 * `knownCount`: the tributes a visit pack counted for this record (null: no pack copy), said
 * when the list itself was never loaded on this device.
 */
export function TributesSection({
  sepultadoId,
  knownCount,
}: {
  sepultadoId: string;
  knownCount?: number | undefined;
}) {
  const session = useSession();
  const location = useLocation();
  const tributes = useTributes(sepultadoId);
  const heading = useRef<HTMLHeadingElement>(null);
  const userId = session.auth?.userId ?? '';
  const here = location.pathname + location.search + location.hash;

  return (
    <section className="page tribute-section" aria-labelledby="homenagens-titulo">
      <h2 id="homenagens-titulo" ref={heading} tabIndex={-1}>
        {TRIBUTE_UI.heading}
      </h2>
      {session.status === 'authenticated' && (
        <PartBoundary message={LOAD_TEXT.tributeForm} onRetry={TributeForm.retry}>
          <Suspense fallback={null}>
            <TributeForm
              key={`${userId}:${sepultadoId}`}
              sepultadoId={sepultadoId}
              userId={userId}
              unverified={session.user?.emailVerified === false}
              onPosted={tributes.added}
            />
          </Suspense>
        </PartBoundary>
      )}
      {session.status === 'anonymous' && (
        <p className="tribute-login">
          <span>{TRIBUTE_MSG.loginRequired}</span>{' '}
          <Link to="/login" state={{ from: here }}>
            {TRIBUTE_UI.loginLink}
          </Link>
        </p>
      )}
      {session.status === 'authenticated' && (
        <PendingTributes
          sepultadoId={sepultadoId}
          listed={tributes.items}
          onSent={tributes.added}
        />
      )}
      <TributeList
        knownCount={knownCount}
        sepultadoId={sepultadoId}
        tributes={tributes}
        viewer={{ userId: userId || null, role: session.role }}
        heading={heading}
      />
    </section>
  );
}
