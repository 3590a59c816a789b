/**
 * An order's place: the way there in words follows the record page's directions (one rule), and
 * the grave on the map carries the order's cemetery id, so the plan kept for it is drawn.
 */
import { describe, expect, it } from 'vitest';
import { orderGravePlace, wayThere } from '../../src/domain/order-place';
import type { Order } from '../../src/domain/work-order-types';

const lugar: Order['lugar'] = {
  sepulturaId: 's'.repeat(24),
  cemiterioId: 'c'.repeat(24),
  cemiterio: 'Vila Formosa',
  rua: '3',
  quadra: '12',
  numero: '0458',
  latitude: -23.5613,
  longitude: -46.5208,
};

describe('order place', () => {
  it('reads the way there as the record page does', () => {
    expect(wayThere(lugar)).toBe('Rua 3 → Quadra 12 → Placa 0458');
    expect(wayThere({ ...lugar, rua: 'Rua das Flores' })).toBe(
      'Rua das Flores → Quadra 12 → Placa 0458',
    );
    expect(wayThere({ ...lugar, rua: null, quadra: null, numero: null })).toBe(
      'Local da sepultura não informado',
    );
  });

  it("puts the grave on the map with its cemetery's id, or no position", () => {
    expect(orderGravePlace({ lugar, sepultadoNome: 'Benedita Souza Prado' })).toEqual({
      nome: 'Benedita Souza Prado',
      grave: { lat: -23.5613, lng: -46.5208 },
      directions: 'Rua 3 → Quadra 12 → Placa 0458',
      cemiterioId: 'c'.repeat(24),
    });
    const none = orderGravePlace({ lugar: { ...lugar, latitude: null }, sepultadoNome: null });
    expect(none.grave).toBeNull();
    // No record buried there: the marker is named by the way there.
    expect(none.nome).toBe('Rua 3 → Quadra 12 → Placa 0458');
  });
});
