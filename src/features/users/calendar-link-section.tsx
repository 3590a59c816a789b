/**
 * On the profile of field staff: their iCal feed, so a phone's calendar app shows their work
 * orders. The address is secret (the token is the credential, for that feed only) and shown
 * once, with a copy button; making a new one or revoking stops the old one.
 */
import { useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { createIcsToken, revokeIcsToken } from '../../data/work-orders';
import { useFlash } from '../../ui/flash';

export function CalendarLinkSection() {
  const flash = useFlash();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: 'create' | 'revoke') {
    if (
      action === 'revoke' &&
      !window.confirm('Revogar o link de calendário? Ele deixará de funcionar.')
    ) {
      return;
    }
    setBusy(true);
    try {
      if (action === 'create') {
        const answer = await createIcsToken();
        setUrl(answer.url);
        flash.success(answer.message);
      } else {
        const answer = await revokeIcsToken();
        setUrl(null);
        flash.success(answer.message);
      }
    } catch (err) {
      flash.error(err instanceof ApiFailure ? err.message : 'Não foi possível concluir.');
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      flash.success('Link copiado.');
    } catch {
      flash.error('Não foi possível copiar. Selecione o link e copie à mão.');
    }
  }

  return (
    <section className="user-calendar" aria-labelledby="calendario-titulo">
      <h2 id="calendario-titulo">Calendário das ordens de serviço</h2>
      <p className="muted">
        Um link secreto para assinar suas ordens de serviço no aplicativo de calendário do celular.
        Ele é mostrado uma só vez; criar um novo desativa o anterior.
      </p>
      {url && (
        <p className="user-calendar-url">
          <code>{url}</code>
        </p>
      )}
      <div className="user-calendar-actions">
        {url && (
          <button type="button" className="btn" onClick={() => void copy()}>
            Copiar link
          </button>
        )}
        <button type="button" className="btn" disabled={busy} onClick={() => void run('create')}>
          Criar novo link
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void run('revoke')}>
          Revogar link
        </button>
      </div>
    </section>
  );
}
