/**
 * pt-BR texts of a part of a screen (or a whole page) whose code could not be loaded: no signal
 * and the part not yet on this device, or an old build's file gone. The spec gives none; these
 * follow the app's "Sem conexão: …" voice (docs/decisions.md: a part that cannot load).
 */
export const LOAD_TEXT = {
  retry: 'Tentar novamente',
  pageTitle: 'Página indisponível',
  page: 'Não foi possível abrir esta página agora.',
  pageOffline: 'Sem conexão: esta página ainda não está guardada neste aparelho.',
  map: 'Não foi possível carregar o mapa agora.',
  mapOffline:
    'Sem conexão: o mapa ainda não está guardado neste aparelho. As indicações acima levam até a sepultura.',
  qr: 'Não foi possível gerar o código QR agora.',
  tributeForm: 'Não foi possível abrir o formulário de homenagem agora.',
  cemeteryChoice: 'Não foi possível carregar a escolha do cemitério agora.',
  offlineHint: 'Sem conexão: tente novamente quando houver sinal.',
} as const;
