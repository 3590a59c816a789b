import { describe, expect, it } from 'vitest';
import type { ConcessionarioListItem } from '../../src/domain/burial-types';
import {
  assigneeLabel,
  findAssignee,
  lookupMessage,
} from '../../src/features/burials/assignee-lookup';

const person = (id: string, name: string, email: string): ConcessionarioListItem => ({
  _id: id,
  id,
  name,
  email,
});

const JOAO = person('65f0a1b2c3d4e5f601234567', 'João da Silva', 'joao@exemplo.com.br');
const JOANA = person('65f0a1b2c3d4e5f601234568', 'Joana Pereira', 'joana@exemplo.com.br');
const MARIA = person('65f0a1b2c3d4e5f601234569', 'Maria José da Silva', 'maria@exemplo.com.br');
const JOAO_PEDRO = person('65f0a1b2c3d4e5f60123456a', 'João Pedro Alves', 'jp@exemplo.com.br');
const LIST = [JOAO, JOANA, MARIA, JOAO_PEDRO];

describe('assignee lookup (spec §5)', () => {
  it('uses a 24-hex id directly, even when it is not in the list or the list is unavailable', () => {
    expect(findAssignee('  65F0A1B2C3D4E5F601234569 ', LIST)).toEqual({
      kind: 'found',
      id: MARIA._id,
      user: MARIA,
    });
    expect(findAssignee('aaaaaaaaaaaaaaaaaaaaaaaa', null)).toEqual({
      kind: 'found',
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      user: null,
    });
  });

  it('matches an entry with @ by e-mail only, ignoring case', () => {
    expect(findAssignee('JOANA@exemplo.com.br', LIST)).toMatchObject({
      kind: 'found',
      id: JOANA._id,
    });
    // "joao" is in a name, but with @ only e-mails count.
    expect(findAssignee('joao@outro.com', LIST)).toEqual({ kind: 'none', entry: 'joao@outro.com' });
  });

  it('prefers the exact name over a prefix, ignoring case and accents', () => {
    expect(findAssignee('joao da silva', LIST)).toMatchObject({ kind: 'found', id: JOAO._id });
  });

  it('then a name prefix, then a name containing the entry', () => {
    expect(findAssignee('Maria', LIST)).toMatchObject({ kind: 'found', id: MARIA._id });
    expect(findAssignee('pereira', LIST)).toMatchObject({ kind: 'found', id: JOANA._id });
  });

  it('lists several matches of the first step that found any', () => {
    const result = findAssignee('João', LIST);
    expect(result).toEqual({ kind: 'several', entry: 'João', matches: [JOAO, JOAO_PEDRO] });
    const text = lookupMessage(result);
    expect(text).toContain('João da Silva (joao@exemplo.com.br)');
    expect(text).toContain('João Pedro Alves (jp@exemplo.com.br)');
    // "Silva" is contained in two names: both listed, not the first one picked.
    expect(findAssignee('silva', LIST)).toMatchObject({ kind: 'several', matches: [JOAO, MARIA] });
  });

  it('explains an empty entry, no match and an unavailable list in pt-BR', () => {
    expect(findAssignee('   ', LIST)).toEqual({ kind: 'empty' });
    expect(lookupMessage({ kind: 'empty' })).toMatch(/^Informe o nome, o e-mail ou o id/);
    const none = findAssignee('Zacarias', LIST);
    expect(lookupMessage(none)).toBe(
      'Nenhum concessionário encontrado para "Zacarias". Confira o nome ou o e-mail.',
    );
    expect(findAssignee('Maria', null)).toEqual({ kind: 'unavailable' });
    expect(lookupMessage({ kind: 'unavailable' })).toMatch(/não está disponível/);
    expect(findAssignee('Maria', [])).toEqual({ kind: 'none', entry: 'Maria' });
  });

  it('names a concessionário one way everywhere: "Nome (e-mail)"', () => {
    expect(assigneeLabel(JOAO)).toBe('João da Silva (joao@exemplo.com.br)');
  });
});
