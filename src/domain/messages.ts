/**
 * pt-BR texts shared by the browser, the service worker and the server. The spec's texts are
 * exact (product-spec §5, §8); the rest are ours, written in the same voice.
 */
export const MSG = {
  nameRequired: 'O nome é obrigatório',
  cpfInvalid: 'CPF inválido (11 dígitos)',
  emailInvalid: 'E-mail inválido',
  phoneRequired: 'O telefone é obrigatório',
  phoneInvalid: 'Telefone inválido (mín. 10 dígitos)',
  passwordWeak:
    'A senha deve ter no mínimo 6 caracteres, incluindo maiúscula, minúscula, número e caractere especial',
  passwordMismatch: 'As senhas não coincidem',
  termsRequired: 'Você precisa aceitar os Termos de Uso para continuar',

  // Server answers (ours, spec §8 leaves them to the server)
  duplicateUser: 'E-mail ou CPF já cadastrado.',
  // Also true for the taken e-mail answered the same (docs/decisions.md "Registration"): the
  // owner of that address is e-mailed too.
  registered:
    'Cadastro realizado com sucesso! Antes de publicar homenagens, confirme seu e-mail pelo link que enviamos para ele. Faça login para continuar.',
  loginOk: 'Login realizado com sucesso!',
  loginFailed: 'E-mail ou senha inválidos.',
  tooManyAttempts: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  tooManyRequests: 'Muitas requisições em pouco tempo. Tente novamente em instantes.',
  /** 503 when the server sheds load (server/plugins/load-shedding.ts). */
  serverBusy: 'Servidor ocupado no momento. Tente novamente em alguns segundos.',
  unauthenticated: 'Você precisa estar logado.',
  sessionInvalid: 'Sessão inválida ou expirada. Faça login novamente.',
  accountGone: 'Esta conta foi removida.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  apiNotFound: 'Rota da API não encontrada.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'A requisição é grande demais.',
  unsupportedMedia: 'Tipo de conteúdo não suportado.',
  internalError: 'Erro interno do servidor. Tente novamente mais tarde.',
  invalidInput: 'Dados inválidos.',
} as const;

/** Ajv/TypeBox failures become one of these, with the offending field named. */
export function missingFieldMessage(field: string): string {
  return `O campo "${field}" é obrigatório.`;
}
export function unknownFieldMessage(field: string): string {
  return `O campo "${field}" não é permitido.`;
}
export function invalidFieldMessage(field: string): string {
  return `O campo "${field}" é inválido.`;
}

/**
 * What /login says after its form was sent without the app's code (JavaScript off, or the page
 * not yet loaded): the server renders the page again with this above the form
 * (docs/decisions/0176-login-and-cemetery-pages-rendered-by-the-server.md). Only the server
 * says it (the page carries it), so it stays out of the app's chunks.
 */
export const LOGIN_FORM_MSG = {
  needsScript:
    'Para entrar é preciso o JavaScript do navegador. Ative o JavaScript (ou aguarde a página terminar de carregar) e tente de novo.',
} as const;
