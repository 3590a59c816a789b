/**
 * pt-BR texts of the map, the cemetery plan, the wayfinding, the GPS capture and the QR labels
 *. The server's answers and the screens use the same words.
 */
import { GOOD_ACCURACY_M } from './geo';

export const MAP_MSG = {
  planNotFound: 'Nenhum plano do cemitério foi cadastrado.',
  planImageRequired: 'Envie a imagem do plano do cemitério.',
  planOneImage: 'Envie uma única imagem do plano do cemitério.',
  planSaved: 'Plano do cemitério salvo.',
  planSaveError: 'Não foi possível salvar o plano do cemitério. Tente de novo.',
  planNeedsSignal: 'Sem conexão: é preciso estar on-line para salvar o plano do cemitério.',
  planForbidden: 'Somente administradores podem alterar o plano do cemitério.',
  planBodyType: 'Envie o plano como formulário (multipart/form-data) ou JSON.',
  planLoadError: 'Não foi possível carregar o plano do cemitério.',
  planStoreFull:
    'Não há espaço no aparelho para guardar o plano do cemitério. Libere espaço e tente de novo.',
  planStoreError: 'Não foi possível guardar o plano do cemitério neste aparelho.',
  labelsForbidden: 'Somente administradores podem imprimir etiquetas.',
  labelsQuery: 'Informe a quadra ou os registros das etiquetas.',
  labelsLoadError: 'Não foi possível carregar as etiquetas.',
  // Wayfinding
  noCoordinates: 'Este registro ainda não tem a localização da sepultura.',
  geoDenied:
    'Permissão de localização negada. Autorize a localização nas configurações do navegador para usar “Como chegar”.',
  geoUnavailable: 'Não foi possível obter sua localização. Verifique se o GPS está ligado.',
  geoTimeout: 'A localização demorou demais para responder. Tente de novo em um lugar aberto.',
  geoUnsupported: 'Este aparelho não oferece localização.',
  arrived: 'Você chegou',
  // GPS capture (burial form)
  captureButton: 'Usar minha localização',
  capturing: 'Obtendo localização…',
  poorAccuracy: `Precisão baixa (pior que ${GOOD_ACCURACY_M} m). Se puder, espere o GPS estabilizar em um lugar aberto e tente de novo.`,
} as const;

export function accuracyText(meters: number): string {
  return `Precisão: ± ${Math.round(meters)} m`;
}
