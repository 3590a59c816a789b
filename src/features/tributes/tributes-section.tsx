/**
 * The "Homenagens" section of the burial detail page (issue 5): the form for a logged-in person
 * ("Você precisa estar logado para comentar." and a way to log in for a visitor) and the list.
 * The detail page renders <TributesSection sepultadoId={id} />.
 */
import { useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TRIBUTE_MSG } from '../../domain/tribute-rules';
import { useSession } from '../auth/session-context';
import { PendingTributes } from './pending-tributes';
import { TributeForm } from './tribute-form';
import { TributeList } from './tribute-list';
import { TRIBUTE_UI } from './tribute-texts';
import { useTributes } from './use-tributes';
import './tributes.css';

export function TributesSection({ sepultadoId }: { sepultadoId: string }) {
  const session = useSession();
  const location = useLocation();
  const tributes = useTributes(sepultadoId);
  const heading = useRef<HTMLHeadingElement>(null);
  const userId = session.auth?.userId ?? '';
  const here = location.pathname + location.search + location.hash;

  return (
    <section className="page tributes" aria-labelledby="homenagens-titulo">
      <h2 id="homenagens-titulo" ref={heading} tabIndex={-1}>
        {TRIBUTE_UI.heading}
      </h2>
      {session.status === 'authenticated' && (
        <TributeForm
          key={`${userId}:${sepultadoId}`}
          sepultadoId={sepultadoId}
          userId={userId}
          unverified={session.user?.emailVerified === false}
          onPosted={tributes.added}
        />
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
        sepultadoId={sepultadoId}
        tributes={tributes}
        viewer={{ userId: userId || null, role: session.role }}
        heading={heading}
      />
    </section>
  );
}
