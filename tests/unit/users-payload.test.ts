/** How the user forms become request bodies (spec §5, §7): empty values out, JSON vs multipart. */
import { describe, expect, it } from 'vitest';
import {
  buildUserPayload,
  changedFields,
  presentFields,
  wantsMultipart,
} from '../../src/data/users/user-body';

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'rosto.jpg', { type: 'image/jpeg' });

function formEntries(body: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(body.entries());
}

describe('presentFields', () => {
  it('leaves out empty, blank, null and undefined values and keeps the rest as typed', () => {
    expect(
      presentFields({
        name: 'Ana',
        email: '',
        phone: '   ',
        cpf: null,
        role: undefined,
        password: ' Senha@1 ',
      }),
    ).toEqual({ name: 'Ana', password: ' Senha@1 ' });
  });
});

describe('wantsMultipart (admin-create)', () => {
  it('is multipart when a photo is chosen or a password is required', () => {
    expect(wantsMultipart({ image: photo(), passwordRequired: false })).toBe(true);
    expect(wantsMultipart({ image: null, passwordRequired: true })).toBe(true);
    expect(wantsMultipart({ image: null, passwordRequired: false })).toBe(false);
  });
});

describe('buildUserPayload', () => {
  it('sends JSON without a photo when multipart is not asked, empty values left out', () => {
    const payload = buildUserPayload({ name: 'Ana', email: '', phone: '11987654321' }, null, false);
    expect(payload).toEqual({ json: { name: 'Ana', phone: '11987654321' } });
  });

  it('sends multipart with the fields present when asked, without an image part', () => {
    const payload = buildUserPayload(
      { name: 'Ana', password: 'Senha@1', confirmpassword: 'Senha@1', phone: '' },
      null,
      true,
    );
    expect('body' in payload).toBe(true);
    if (!('body' in payload)) return;
    expect(formEntries(payload.body)).toEqual({
      name: 'Ana',
      password: 'Senha@1',
      confirmpassword: 'Senha@1',
    });
    expect(payload.body.has('phone')).toBe(false);
    expect(payload.body.has('image')).toBe(false);
  });

  it('forces multipart when a photo is chosen, with the photo in the `image` part', () => {
    const payload = buildUserPayload({ name: 'Ana', email: '' }, photo(), false);
    if (!('body' in payload)) throw new Error('expected multipart');
    const image = payload.body.get('image');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('rosto.jpg');
    expect(payload.body.get('name')).toBe('Ana');
    expect(payload.body.has('email')).toBe(false);
  });

  it('sends an empty change as JSON {} rather than an empty multipart form', () => {
    expect(buildUserPayload({ name: '', password: '' }, null, true)).toEqual({ json: {} });
  });
});

describe('changedFields', () => {
  it('keeps only the values that differ from the loaded record', () => {
    expect(
      changedFields(
        { name: 'Ana Lúcia', email: 'ana@exemplo.com', phone: '11987654321', cpf: '52998224725' },
        { name: 'Ana', email: 'ana@exemplo.com', phone: '11987654321', cpf: '52998224725' },
      ),
    ).toEqual({ name: 'Ana Lúcia' });
  });

  it('does not resend an unchanged e-mail (that would cancel a pending e-mail change)', () => {
    expect(changedFields({ email: 'ana@exemplo.com' }, { email: 'ana@exemplo.com' })).toEqual({});
  });
});
