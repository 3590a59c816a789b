/**
 * "Meus dados" (LGPD): download what Memorial holds about the person (JSON) and delete the
 * account after a confirmation. On the profile for oneself; on a user's edit page for an admin
 * serving a person at the desk (docs/decisions.md "Personal data on request").
 */
import { useState } from 'react';
import { AUDIT_CALL_MSG, deleteAccount, downloadPersonalData } from '../../data/audit';
import { failureText } from '../../data/failure';
import { saveBlob } from '../../lib/save-blob';
import { useFlash } from '../../ui/flash';

export const PERSONAL_DATA_TEXT = {
  titleSelf: 'Meus dados',
  titleAdmin: 'Dados pessoais',
  intro:
    'Baixe tudo o que o Memorial guarda sobre esta conta (dados da conta, homenagens e registros de auditoria) ou exclua a conta.',
  download: 'Baixar dados (JSON)',
  downloading: 'Baixando...',
  delete: 'Excluir conta',
  deleting: 'Excluindo...',
  confirmSelf:
    'Excluir sua conta? Esta ação não pode ser desfeita. Suas homenagens continuam publicadas como "Usuário removido".',
  confirmAdmin:
    'Excluir esta conta a pedido da pessoa? Esta ação não pode ser desfeita. As homenagens continuam publicadas como "Usuário removido".',
} as const;

export function PersonalDataSection({
  userId,
  self,
  onDeleted,
}: {
  userId: string;
  self: boolean;
  onDeleted(message: string): void;
}) {
  const flash = useFlash();
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);

  async function download() {
    setBusy('download');
    try {
      saveBlob(await downloadPersonalData(userId), `memorial-dados-${userId}.json`);
    } catch (err) {
      flash.error(failureText(err, AUDIT_CALL_MSG.dataError, AUDIT_CALL_MSG.dataError));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm(self ? PERSONAL_DATA_TEXT.confirmSelf : PERSONAL_DATA_TEXT.confirmAdmin)) {
      return;
    }
    setBusy('delete');
    try {
      onDeleted((await deleteAccount(userId)).message);
    } catch (err) {
      setBusy(null);
      flash.error(failureText(err, AUDIT_CALL_MSG.deleteError, AUDIT_CALL_MSG.deleteError));
    }
  }

  return (
    <section className="personal-data" aria-labelledby="personal-data-title">
      <h2 id="personal-data-title">
        {self ? PERSONAL_DATA_TEXT.titleSelf : PERSONAL_DATA_TEXT.titleAdmin}
      </h2>
      <p className="muted">{PERSONAL_DATA_TEXT.intro}</p>
      <p className="personal-data-actions">
        <button
          type="button"
          className="btn"
          disabled={busy !== null}
          onClick={() => void download()}
        >
          {busy === 'download' ? PERSONAL_DATA_TEXT.downloading : PERSONAL_DATA_TEXT.download}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy !== null}
          onClick={() => void remove()}
        >
          {busy === 'delete' ? PERSONAL_DATA_TEXT.deleting : PERSONAL_DATA_TEXT.delete}
        </button>
      </p>
    </section>
  );
}
