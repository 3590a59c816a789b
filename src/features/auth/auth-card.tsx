/**
 * The frame of the public screens without navbar (login, register, password flows). `after`
 * is what the app composes below the card (the visitor's search on /login and /register).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../ui/branding';
import './account.css';

interface Props {
  title: string;
  children: ReactNode;
  after?: ReactNode;
}

export function AuthCard({ title, children, after }: Props) {
  return (
    <main className="auth-page">
      <Link to="/" className="auth-brand">
        <img src="/icons/logo.svg" alt="" width="40" height="40" />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      {after}
    </main>
  );
}
