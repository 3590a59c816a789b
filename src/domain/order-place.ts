/** How an order's place reads: "Rua 3 → Quadra 12 → 458" (the way there, in walking order). */
import type { Order } from './work-order-types';

export function wayThere(lugar: Order['lugar']): string {
  const steps = [
    lugar.rua && `Rua ${lugar.rua}`,
    lugar.quadra && `Quadra ${lugar.quadra}`,
    lugar.numero && `Placa ${lugar.numero}`,
  ].filter(Boolean);
  return steps.length > 0 ? steps.join(' → ') : 'Local da sepultura não informado';
}

/** A directions link to the grave's point (the phone's map app takes over). */
export function directionsLink(lugar: Order['lugar']): string | null {
  if (lugar.latitude === null || lugar.longitude === null) return null;
  return `https://www.openstreetmap.org/directions?to=${lugar.latitude}%2C${lugar.longitude}`;
}
