/**
 * Screen texts of the login, registration, password and verification pages (spec §2, §5, §8 —
 * exact). Answers the server writes (ACCOUNT_MSG in src/domain/account-messages.ts) are shown as
 * they come.
 */
import { USER_TEXT } from './user-texts';

export const AUTH_TEXT = {
  // Spec §8: the server's message, else these.
  loginFailed: 'Erro ao fazer login',
  registerFailed: 'Erro ao cadastrar',
  /** No answer at all: the words every screen that needs the server uses (ours). */
  offline: USER_TEXT.offline,
  forgotTitle: 'Recuperar senha',
  forgotAnswer: 'Se o e-mail existir, enviaremos instruções para recuperação.',
  resetTitle: 'Redefinir senha',
  resetLinkMissing: 'Link inválido',
  passwordsDiffer: 'As senhas não conferem.',
  resetDone: 'Senha alterada com sucesso!',
  resetFailed: 'Não foi possível alterar a senha.',
  verifyTitle: 'Verificação de e-mail',
  verifying: 'Validando...',
  verifyLinkMissing: 'Link inválido ou expirado',
  verifyFailed: 'Não foi possível verificar o e-mail.',
  verifyClose: 'Você já pode fechar esta página.',
} as const;
