/**
 * Screen texts of the password and verification pages (spec §2, §5, §8 — exact). Answers the
 * server writes (ACCOUNT_MSG in src/domain/account-messages.ts) are shown as they come.
 */
export const AUTH_TEXT = {
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
