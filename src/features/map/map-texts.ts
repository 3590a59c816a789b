/** The map's texts for keyboard and screen-reader use (pt-BR), in one place. */
export const MAP_A11Y = {
  region: (nome: string) => `Mapa com a sepultura de ${nome}`,
  hint: 'Para mover o mapa sem arrastar, use os botões abaixo dele ou, com o mapa em foco, as setas do teclado; + e − aproximam e afastam.',
  marker: (nome: string) => `Sepultura de ${nome}`,
  controls: 'Controles do mapa',
  zoomIn: 'Aproximar',
  zoomOut: 'Afastar',
  panNorth: 'Mover o mapa para o norte',
  panWest: 'Mover o mapa para o oeste',
  panEast: 'Mover o mapa para o leste',
  panSouth: 'Mover o mapa para o sul',
  center: 'Voltar à sepultura',
  closePopup: 'Fechar',
} as const;
