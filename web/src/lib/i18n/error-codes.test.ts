import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api-client';
import { en } from './en';
import { hi } from './hi';
import { ERROR_CODE_TEXT, FIELD_CODE_TEXT } from './error-codes';
import { setLanguage, tf } from './index';

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

  it('field errors translate by code, spec rules (invalid) by their sentence', async () => {
    await setLanguage('hi');
    expect(tf({ field: 'zipCode', code: 'pin_not_served', message: 'Reworded' })).toBe(hi['delivery.notServed']);
    expect(tf({ field: 'email', code: 'invalid', message: en['v.emailRequired'] })).toBe(hi['v.emailRequired']);
  });

  it('every mapped code has an English and a Hindi text', () => {
    for (const key of [...Object.values(ERROR_CODE_TEXT), ...Object.values(FIELD_CODE_TEXT)]) {
      expect(en[key!], key).toBeTruthy();
      expect(hi[key!], key).toBeTruthy();
    }
  });
});
