import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  emptyValues,
  type FormValues,
  validateForm,
  valuesFromRecord,
} from '../../src/data/burials/burial-body';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialRecord } from '../../src/domain/burial-types';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';

function filled(over: Partial<FormValues> = {}): FormValues {
  return {
    ...emptyValues(),
    nome: ' Maria da Conceição ',
    dtFal: '29/02/2024',
    quadra: '12',
    chapa: '0458',
    ...over,
  };
}

const RECORD: BurialRecord = {
  _id: '65f0a1b2c3d4e5f601234567',
  id: '65f0a1b2c3d4e5f601234567',
  nome: 'Maria da Conceição',
  idade: 81,
  dtNasc: '1943-03-05',
  dtFal: '2024-02-29',
  nacionalidade: 'Recife (PE)',
  mae: null,
  pai: null,
  cemiterio: 'Cemitério Municipal',
  rua: 'Rua das Flores',
  quadra: '12',
  chapa: '0458',
  epitafio: null,
  tipoSepultura: 'Jazigo',
  latitude: -8.05,
  longitude: -34.9,
  images: ['a.webp', 'b.webp'],
  thumbs: ['a-t.webp', 'b-t.webp'],
  version: 3,
  createdAt: '2024-03-01T12:00:00.000Z',
  updatedAt: '2024-03-01T12:00:00.000Z',
};

describe('burial form payload', () => {
  it('creating sends only the fields with a value, as JSON without new photos', () => {
    const payload = buildPayload({
      values: filled({ idade: '81', latitude: '-8,05', epitafio: '   ' }),
      initial: null,
      files: [],
      removeImages: [],
    });
    expect(payload).toEqual({
      kind: 'json',
      body: {
        nome: 'Maria da Conceição',
        idade: 81,
        dtFal: '29/02/2024',
        quadra: '12',
        chapa: '0458',
        latitude: -8.05,
      },
    });
  });

  it('new photos make it multipart with one repeated "images" part per file', () => {
    const files = [
      new File([new Uint8Array([1, 2, 3])], 'um.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([4, 5])], 'dois.jpg', { type: 'image/jpeg' }),
    ];
    const payload = buildPayload({ values: filled(), initial: null, files, removeImages: [] });
    expect(payload.kind).toBe('multipart');
    if (payload.kind !== 'multipart') return;
    const images = payload.body.getAll('images');
    expect(images).toHaveLength(2);
    expect((images[0] as File).name).toBe('um.jpg');
    expect((images[1] as File).name).toBe('dois.jpg');
    expect(payload.body.get('nome')).toBe('Maria da Conceição');
    // Empty fields are left out, not sent empty.
    expect(payload.body.has('mae')).toBe(false);
    expect(payload.body.has('removeImages')).toBe(false);
  });

  it('an edit sends what changed: an emptied optional field as null, removals by name', () => {
    const initial = valuesFromRecord(RECORD);
    expect(initial.dtNasc).toBe('05/03/1943');
    expect(initial.idade).toBe('81');
    const payload = buildPayload({
      values: { ...initial, chapa: '0459', nacionalidade: '' },
      initial,
      files: [],
      removeImages: ['a.webp'],
    });
    expect(payload).toEqual({
      kind: 'json',
      body: { nacionalidade: null, chapa: '0459', removeImages: ['a.webp'] },
    });
  });

  it('an edit with photos: multipart, emptied field as an empty part, removals repeated', () => {
    const initial = valuesFromRecord(RECORD);
    const payload = buildPayload({
      values: { ...initial, rua: '' },
      initial,
      files: [new File([new Uint8Array([9])], 'nova.png', { type: 'image/png' })],
      removeImages: ['a.webp', 'b.webp'],
    });
    if (payload.kind !== 'multipart') throw new Error('expected multipart');
    expect(payload.body.get('rua')).toBe('');
    expect(payload.body.getAll('removeImages')).toEqual(['a.webp', 'b.webp']);
    expect(payload.body.has('nome')).toBe(false);
  });

  it('validates with the domain rules and their exact messages', () => {
    const errors = validateForm({ ...emptyValues(), dtFal: '31/02/2024', idade: '151' }, []);
    expect(errors.nome).toBe(SEP_MSG.nomeRequired);
    expect(errors.dtFal).toBe(SEP_MSG.dtFalInvalid);
    expect(errors.quadra).toBe(SEP_MSG.quadraRequired);
    expect(errors.chapa).toBe(SEP_MSG.chapaRequired);
    expect(errors.idade).toBe(SEP_MSG.idadeInvalid);
    expect(validateForm(filled(), [])).toEqual({});
    expect(validateForm(filled({ dtFal: '29/02/2023' }), []).dtFal).toBe(SEP_MSG.dtFalInvalid);
  });

  it('an edit checks what changed, and a required field emptied', () => {
    const initial = { ...valuesFromRecord(RECORD), dtFal: '' };
    // An old record without a death date can still get its plate corrected.
    expect(validateForm({ ...initial, chapa: '1' }, [], initial)).toEqual({});
    expect(validateForm({ ...initial, quadra: ' ' }, [], initial).quadra).toBe(
      SEP_MSG.quadraRequired,
    );
    const dated = valuesFromRecord(RECORD);
    expect(validateForm({ ...dated, dtNasc: '01/01/2025' }, [], dated).dtNasc).toBe(
      SEP_MSG.dtNascAfterDtFal,
    );
  });

  it('refuses too many photos before sending', () => {
    const files = Array.from({ length: 11 }, (_, i) => new File([new Uint8Array([i])], `${i}.jpg`));
    expect(validateForm(filled(), files).images).toBe(UPLOAD_MSG.tooManyFiles);
  });
});
