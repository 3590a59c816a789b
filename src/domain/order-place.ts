/** An order's place: the way there in words, and the grave as the map shows it. */
import { type GravePlace, graveDirections, toLatLng } from './geo';
import type { Order } from './work-order-types';

/** "Rua 3 → Quadra 12 → Placa 458", in walking order: the record's own directions' rule. */
export function wayThere(lugar: Order['lugar']): string {
  return (
    graveDirections({ rua: lugar.rua, quadra: lugar.quadra, chapa: lugar.numero }) ||
    'Local da sepultura não informado'
  );
}

/**
 * The order's grave on the map: its cemetery is known by id; the marker is named by the record
 * buried there, or — an order about a grave with no record — by the way there.
 */
export function orderGravePlace(order: Pick<Order, 'lugar' | 'sepultadoNome'>): GravePlace {
  const { lugar } = order;
  return {
    nome: order.sepultadoNome ?? wayThere(lugar),
    grave: toLatLng(lugar.latitude, lugar.longitude),
    directions: wayThere(lugar),
    cemiterioId: lugar.cemiterioId,
  };
}

/** A directions link to the grave's point (the phone's map app takes over). */
export function directionsLink(lugar: Order['lugar']): string | null {
  if (lugar.latitude === null || lugar.longitude === null) return null;
  return `https://www.openstreetmap.org/directions?to=${lugar.latitude}%2C${lugar.longitude}`;
}
