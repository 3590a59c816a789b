/**
 * A concession's documents (contract in src/domain/schemas/concession.ts): attach (multipart
 * with the file), remove, and open one. Office work, straight to the API; without signal these
 * fail with an offline ApiFailure. A document is personal data behind the sign-in, which a link
 * cannot carry: its bytes come through the client and open as an object URL.
 */
import type { Concession } from '../../domain/concession-types';
import { api, request, toApiFailure } from '../api';

export async function attachConcessionDocument(
  concessionId: string,
  v: { titulo: string; arquivo: File | null },
): Promise<Concession> {
  const form = new FormData();
  form.append('titulo', v.titulo);
  if (v.arquivo) form.append('arquivo', v.arquivo, v.arquivo.name);
  try {
    return await api
      .post(`concessoes/${concessionId}/documentos`, { body: form, timeout: 120_000 })
      .json<Concession>();
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível anexar o documento.');
  }
}

export const removeConcessionDocument = (concessionId: string, docId: string) =>
  request<Concession>(`concessoes/${concessionId}/documentos/${docId}`, {
    method: 'delete',
    fallback: 'Não foi possível remover o documento.',
  });

/** The document's bytes as an object URL (the caller revokes it). */
export async function concessionDocumentUrl(concessionId: string, docId: string): Promise<string> {
  try {
    const blob = await api
      .get(`concessoes/${concessionId}/documentos/${docId}`, { timeout: 120_000 })
      .blob();
    return URL.createObjectURL(blob);
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível abrir o documento.');
  }
}
