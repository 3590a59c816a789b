/**
 * What a failed login or registration says (spec §8): the server's message, else the call's own
 * text ("Erro ao fazer login", "Erro ao cadastrar"). No answer at all says there is no
 * connection, as every screen that needs the server does — never words that read like wrong
 * credentials or a refused form.
 */
import { ApiFailure } from '../../data/failure';
import { AUTH_TEXT } from '../../lib/texts/account-texts';

export function authFailureText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiFailure)) return fallback;
  if (err.offline) return AUTH_TEXT.offline;
  return err.message || fallback;
}
