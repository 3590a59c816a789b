/** Where the visit pack is offered: a grave-finder's pages only, never over a form. */
import { describe, expect, it } from 'vitest';
import { packOfferedOn } from '../../src/features/offline/pack-offer-pages';

describe('pack offer pages', () => {
  it('offers the pack on the home, the search results and a record (the QR landing)', () => {
    expect(packOfferedOn('/')).toBe(true);
    expect(packOfferedOn('/sepultados/pesquisa')).toBe(true);
    expect(packOfferedOn('/sepultados/64ea97ac4bc27c35612ccda5')).toBe(true);
  });

  it('never on forms, desk screens, the login or the pack page itself', () => {
    for (const path of [
      '/sepultados/add',
      '/sepultados/edit/64ea97ac4bc27c35612ccda5',
      '/sepultados/meumemorial',
      '/sepultados/etiquetas',
      '/meuusuario',
      '/usuarios/add',
      '/user/profile',
      '/admin/mapa',
      '/pendentes',
      '/login',
      '/offline',
    ]) {
      expect(packOfferedOn(path), path).toBe(false);
    }
  });
});
