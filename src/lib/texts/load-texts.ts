/**
 * pt-BR texts of a part of a screen (or a whole page) whose code could not be loaded: no signal
 * and the part not yet on this device, or an old build's file gone. The spec gives none; these
 * follow the app's voice (docs/decisions.md: a part that cannot load). Kept short: they ride on
 * the QR landing's first load.
 */
export const LOAD_TEXT = {
  retry: 'Tentar novamente',
  pageTitle: 'Página indisponível',
  page: 'Não foi possível abrir esta página agora.',
  map: 'Não foi possível carregar o mapa agora.',
  qr: 'Não foi possível gerar o código QR agora.',
  tributes: 'Não foi possível carregar as homenagens agora.',
  tributeForm: 'Não foi possível abrir o formulário de homenagem agora.',
  /** "Homenagens" keeps its heading and says this while its code comes (tributes-slot). */
  tributesHeading: 'Homenagens',
  tributesLoading: 'Carregando as homenagens…',
  history: 'Não foi possível carregar o histórico agora.',
  cemeteryChoice: 'Não foi possível carregar a escolha do cemitério agora.',
  /** Said after the message without signal. */
  offline: 'Sem conexão: tente de novo quando houver sinal.',
} as const;
