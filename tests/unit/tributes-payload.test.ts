import { describe, expect, it } from 'vitest';
import {
  buildTributeBody,
  checkTributePhoto,
  hasTributeContent,
  tributePostFallback,
} from '../../src/data/tributes/tribute-body';
import { TRIBUTE_LIMITS, TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../src/domain/upload-rules';

const clientId = '65f0000000000000000000ff';
const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'vó.jpg', { type: 'image/jpeg' });

describe('tribute payload', () => {
  it('needs trimmed text or a photo', () => {
    expect(hasTributeContent('   \n\t ', null)).toBe(false);
    expect(hasTributeContent('  oi ', null)).toBe(true);
    expect(hasTributeContent('', photo())).toBe(true);
    const built = buildTributeBody({ texto: '  ', emojis: ['🌹'], photo: null, clientId });
    expect(built).toEqual({
      ok: false,
      problem: { field: 'comentario', message: TRIBUTE_MSG.empty },
    });
  });

  it('sends JSON with the cleaned text, the emojis and the client id when there is no photo', () => {
    const built = buildTributeBody({
      texto: '  Saudades\r\n\r\n\r\n\r\neternas  ',
      emojis: ['🌹', '🙏🏽'],
      photo: null,
      clientId,
    });
    expect(built).toEqual({
      ok: true,
      body: {
        kind: 'json',
        json: { comentario: 'Saudades\n\neternas', emojis: ['🌹', '🙏🏽'], clientId },
      },
    });
  });

  it('sends multipart with text, repeated emoji parts, client id and the photo', async () => {
    const file = photo();
    const built = buildTributeBody({
      texto: 'Com carinho',
      emojis: ['🌹', '🌹'],
      photo: file,
      clientId,
    });
    if (!built.ok || built.body.kind !== 'multipart') throw new Error('expected multipart');
    const form = built.body.body;
    expect(form.get('comentario')).toBe('Com carinho');
    expect(form.getAll('emojis')).toEqual(['🌹', '🌹']);
    expect(form.get('clientId')).toBe(clientId);
    const sent = form.get('imagem');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('vó.jpg');
    expect(new Uint8Array(await (sent as File).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });

  it('sends a photo alone with an empty text part', () => {
    const built = buildTributeBody({ texto: '', emojis: [], photo: photo(), clientId });
    if (!built.ok || built.body.kind !== 'multipart') throw new Error('expected multipart');
    expect(built.body.body.get('comentario')).toBe('');
    expect(built.body.body.getAll('emojis')).toEqual([]);
  });

  it('refuses what the server refuses, with the domain messages', () => {
    const long = 'a'.repeat(TRIBUTE_LIMITS.textMax + 1);
    expect(buildTributeBody({ texto: long, emojis: [], photo: null, clientId })).toEqual({
      ok: false,
      problem: { field: 'comentario', message: TRIBUTE_MSG.textTooLong },
    });
    // Exactly at the limit counts code points: 1000 emojis of two UTF-16 units each pass.
    const atLimit = '🌹'.repeat(TRIBUTE_LIMITS.textMax);
    expect(buildTributeBody({ texto: atLimit, emojis: [], photo: null, clientId }).ok).toBe(true);
    expect(buildTributeBody({ texto: 'oi', emojis: ['abc'], photo: null, clientId })).toEqual({
      ok: false,
      problem: { field: 'emojis', message: TRIBUTE_MSG.emojiInvalid },
    });
    const many = Array.from({ length: TRIBUTE_LIMITS.emojisMax + 1 }, () => '🌹');
    expect(buildTributeBody({ texto: 'oi', emojis: many, photo: null, clientId })).toEqual({
      ok: false,
      problem: { field: 'emojis', message: TRIBUTE_MSG.tooManyEmojis },
    });
  });

  it('falls back to the spec texts when the server sends no message', () => {
    expect(tributePostFallback(429)).toBe(
      'Muitas homenagens em pouco tempo. Tente novamente em instantes.',
    );
    expect(tributePostFallback(500)).toBe('Erro ao adicionar comentário.');
    expect(tributePostFallback(0)).toBe('Erro ao adicionar comentário.');
  });

  it('checks a chosen photo before previewing it', () => {
    expect(checkTributePhoto({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkTributePhoto({ type: '', size: 1000 })).toBeNull();
    expect(checkTributePhoto({ type: 'application/pdf', size: 1000 })).toBe(UPLOAD_MSG.notImage);
    expect(checkTributePhoto({ type: 'image/heic', size: 1000 })).toBe(UPLOAD_MSG.heicUnsupported);
    expect(checkTributePhoto({ type: 'image/png', size: UPLOAD_LIMITS.maxFileBytes + 1 })).toBe(
      UPLOAD_MSG.fileTooLarge,
    );
  });
});
