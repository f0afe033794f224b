import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api-client';
import { en } from './en';
import { hi } from './hi';
import { ERROR_CODE_TEXT, FIELD_CODE_TEXT, NOTICE_TEXT } from './error-codes';
import { noticeText, setLanguage, tf } from './index';

const refused = (code: string, message: string) =>
  new ApiError({ status: 409, kind: 'http', body: { success: false, code, message } as never });

describe('server errors by code', () => {
  afterEach(() => setLanguage('en'));

  it('English shows the server message as sent, Hindi the text of the code', async () => {
    const err = refused('email_taken', 'Reworded: that email has an account.');
    expect(errorMessage(err)).toBe('Reworded: that email has an account.');
    await setLanguage('hi');
    expect(errorMessage(err)).toBe(hi['err.code.emailTaken']);
  });

  it('an unknown code or none falls back to the message', async () => {
    await setLanguage('hi');
    expect(errorMessage(refused('wishlist_full', 'Your wishlist is full (200 plants).'))).toBe('Your wishlist is full (200 plants).');
    const old = new ApiError({ status: 404, kind: 'http', body: { message: 'Gone' } as never });
    expect(errorMessage(old)).toBe('Gone');
  });

  it('field errors translate by their code, never by their sentence', async () => {
    expect(tf({ field: 'email', code: 'email_required', message: 'Reworded: give an email' })).toBe('Reworded: give an email');
    await setLanguage('hi');
    expect(tf({ field: 'zipCode', code: 'pin_not_served', message: 'Reworded' })).toBe(hi['delivery.notServed']);
    expect(tf({ field: 'email', code: 'email_required', message: 'Reworded: give an email' })).toBe(hi['v.emailRequired']);
    // A sentence the web app knows, under another code, is shown as that code says.
    expect(tf({ field: 'name', code: 'name_too_long', message: en['v.emailRequired'] })).toBe(hi['v.nameMax']);
  });

  it('success notices translate by their code, with a fallback when the reply has none', async () => {
    await setLanguage('hi');
    expect(noticeText('order_placed', 'orders.cancelled')).toBe(hi['checkout.success']);
    expect(noticeText(undefined, 'orders.cancelled')).toBe(hi['orders.cancelled']);
  });

  it('every code has an English and a Hindi text, with no placeholder left to fill', () => {
    const keys = [...Object.values(ERROR_CODE_TEXT), ...Object.values(FIELD_CODE_TEXT), ...Object.values(NOTICE_TEXT)];
    for (const key of keys) {
      expect(en[key!], key).toBeTruthy();
      expect(hi[key!], key).toBeTruthy();
      expect(hi[key!], key).not.toMatch(/\{\w+\}/);
    }
  });

  it('the field and notice tables name every code of the OpenAPI document', () => {
    // The generated file is the document's word for the codes (its types vanish at run time,
    // so their union is read from the text; the typecheck holds the same line).
    const generated = readFileSync(join(process.cwd(), 'src/types/openapi.gen.ts'), 'utf8');
    const union = (name: string) => [...(new RegExp(`^\\s*${name}: (.*);$`, 'm').exec(generated)?.[1] ?? '').matchAll(/"(\w+)"/g)].map((m) => m[1]).sort();
    expect(union('FieldCode').length).toBeGreaterThan(50);
    expect(Object.keys(FIELD_CODE_TEXT).sort()).toEqual(union('FieldCode'));
    expect(Object.keys(NOTICE_TEXT).sort()).toEqual(union('Notice'));
  });
});
