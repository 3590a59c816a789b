import { describe, expect, it } from 'vitest';
import { buildPayload, emptyValues } from '../../src/data/burials/burial-body';
import { editPayloadFrom, unsentEdit, withPendingEdit } from '../../src/data/burials/edit-outbox';
import type { LocalBurial } from '../../src/data/db';
import type { EditOutboxItem } from '../../src/domain/outbox-item';

const row: LocalBurial = {
  id: 'r1',
  nome: 'Maria',
  quadra: '12',
  chapa: '0458',
  rua: 'Rua 3',
  images: ['a.webp', 'b.webp'],
  thumbs: ['ta.webp', 'tb.webp'],
  dtFal: '1999-05-03',
  version: 4,
  full: true,
  nameTokens: ['maria'],
  storedAt: 0,
};

function item(fields: EditOutboxItem['payload']['fields'], removeImages: string[] = []) {
  return {
    id: 'x',
    kind: 'edit',
    sepultadoId: 'r1',
    userId: 'u',
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    updatedAt: 0,
    payload: { version: 4, fields, removeImages, photos: [], nome: 'Maria' },
  } satisfies EditOutboxItem;
}

describe('edits through the outbox', () => {
  it('a JSON form payload keeps its fields, numbers and removals', () => {
    const initial = { ...emptyValues(), nome: 'Maria', chapa: '0458', idade: '' };
    const values = { ...initial, chapa: '0459', idade: '80' };
    const payload = editPayloadFrom(
      buildPayload({ values, initial, files: [], removeImages: ['a.webp'] }),
      4,
      'Maria',
    );
    expect(payload).toEqual({
      version: 4,
      fields: { chapa: '0459', idade: 80 },
      removeImages: ['a.webp'],
      photos: [],
      nome: 'Maria',
    });
  });

  it('a multipart payload keeps new photos as Blobs and an emptied field as null', () => {
    const initial = { ...emptyValues(), nome: 'Maria', epitafio: 'Paz' };
    const values = { ...initial, epitafio: '' };
    const file = new File([new Uint8Array([1, 2, 3])], 'lapide.jpg', { type: 'image/jpeg' });
    const payload = editPayloadFrom(
      buildPayload({ values, initial, files: [file], removeImages: [] }),
      7,
      'Maria',
    );
    expect(payload.fields).toEqual({ epitafio: null });
    expect(payload.photos).toHaveLength(1);
    expect(payload.photos[0]?.name).toBe('lapide.jpg');
    expect(payload.photos[0]?.blob.size).toBe(3);
  });

  it('shows the unsent edit over the stored record, dates stored as ISO', () => {
    const shown = withPendingEdit(row, item({ chapa: '0459', dtFal: '04/05/1999' }, ['a.webp']));
    expect(shown.chapa).toBe('0459');
    expect(shown.dtFal).toBe('1999-05-04');
    expect(shown.images).toEqual(['b.webp']);
    expect(shown.thumbs).toEqual(['tb.webp']);
    expect(withPendingEdit(row, undefined)).toBe(row);
  });

  it('only an unsent edit counts as pending', () => {
    expect(unsentEdit([{ ...item({}), state: 'sent' }])).toBeUndefined();
    expect(unsentEdit([{ ...item({}), state: 'attention' }])?.state).toBe('attention');
  });
});
