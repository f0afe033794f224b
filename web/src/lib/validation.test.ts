import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './i18n/en';
import { FIELD_CODE_TEXT } from './i18n/error-codes';
import type { FieldCode } from '@/types/api';
import {
  addChatAttachments,
  canSendChat,
  clampQuantity,
  digitsOnly,
  normalisePhone,
  phoneInput,
  STATES_AND_UTS,
  validateAddress,
  validateAddressOnSubmit,
  validateCity,
  validateLandmark,
  validateConfirmPassword,
  validateEmail,
  validateLogin,
  validateName,
  validatePassword,
  validatePasswordChange,
  validatePhone,
  validatePhoneOnSubmit,
  validatePlantForm,
  validateProfileAddressField,
  validateQuantity,
  validateRating,
  validateRatingForm,
  validateRecipientName,
  validateRegister,
  validateState,
  validateStreet,
  validateZip,
  type PlantForm,
} from './validation';

const text = (k: MessageKey | null | undefined) => (k ? en[k] : null);

// ---------------------------------------------------------------- the shared table

interface TableCase {
  input: unknown;
  expect: string | null | Record<string, string>;
  /** The stable code of the broken rule (the plant form: `codes`, field by field). */
  code?: FieldCode;
  codes?: Record<string, FieldCode>;
  only?: 'server' | 'web';
}

/** Spec section 5 as cases, read by the server's tests too (server/tests/suite/validation_table.rs). */
const table = JSON.parse(readFileSync(join(process.cwd(), '../shared/validation-cases.json'), 'utf8')) as {
  rules: Record<string, TableCase[]>;
};

const str = (input: unknown) => (typeof input === 'string' ? input : '');

type Key = MessageKey | null | undefined;

/** Each rule of the table, as the web app checks it: the message key it gives (per field for the form). */
const webRules: Record<string, (input: unknown) => Key | Partial<Record<string, MessageKey>>> = {
  email: (v) => validateEmail(str(v)),
  password: (v) => validatePassword(str(v)),
  changedPassword: (v) => validatePasswordChange({ currentPassword: 'Old@2025x', newPassword: str(v), confirmPassword: str(v) }).newPassword,
  name: (v) => validateName(str(v)),
  recipientName: (v) => validateRecipientName(str(v)),
  street: (v) => validateStreet(str(v)),
  city: (v) => validateCity(str(v)),
  state: (v) => validateState(str(v)),
  zipCode: (v) => validateZip(str(v)),
  phone: (v) => validatePhoneOnSubmit(str(v)),
  landmark: (v) => validateLandmark(str(v)),
  profileAddressField: (v) => validateProfileAddressField(str(v)),
  rating: (v) => validateRating(typeof v === 'number' ? v : 0, 'PL-1001'),
  quantity: (v) => validateQuantity(v as number),
  plantForm: (v) => validatePlantForm({ ...(v as Omit<PlantForm, 'image'>), image: null }),
};

/**
 * What the web app says for a case, as the table writes it: the English message and, for a
 * failure, the code whose text (error-codes.ts) is the web app's own message for the rule, so
 * a server error with that code reads exactly as the browser's check would.
 */
function webOutcome(rule: string, c: TableCase) {
  const got = webRules[rule](c.input);
  const said = (key: Key, code: FieldCode | undefined) => ({ message: text(key), codeText: code ? FIELD_CODE_TEXT[code] : null, key: key ?? null });
  if (got !== null && typeof got === 'object') {
    const fields = got as Partial<Record<string, MessageKey>>;
    return Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, said(key, c.codes?.[field])]));
  }
  return said(got, c.code);
}

function tableOutcome(c: TableCase) {
  if (c.expect !== null && typeof c.expect === 'object') {
    return Object.fromEntries(
      Object.entries(c.expect).map(([field, message]) => {
        const code = c.codes?.[field];
        const key = code ? FIELD_CODE_TEXT[code] : null;
        return [field, { message, codeText: key, key }];
      }),
    );
  }
  const key = c.code ? FIELD_CODE_TEXT[c.code] : null;
  return { message: c.expect, codeText: key, key };
}

describe('the shared table of validation cases (the server runs it too)', () => {
  it('has a web rule for every rule in the table', () => {
    expect(Object.keys(table.rules).sort()).toEqual(Object.keys(webRules).sort());
  });
  for (const [rule, cases] of Object.entries(table.rules)) {
    const shared = cases.filter((c) => c.only !== 'server');
    it(`${rule}: ${shared.length} cases give the table's message, and its code names the web app's text`, () => {
      const wrong = shared
        .map((c) => ({ input: c.input, expected: tableOutcome(c), web: webOutcome(rule, c) }))
        .filter((r) => JSON.stringify(r.web) !== JSON.stringify(r.expected));
      expect(wrong).toEqual([]);
    });
  }
  it('every failing case names its code', () => {
    const all = Object.values(table.rules).flat();
    const uncoded = all.filter((c) => (typeof c.expect === 'string' && !c.code) || (c.expect !== null && typeof c.expect === 'object' && Object.keys(c.expect).some((f) => !c.codes?.[f])));
    expect(uncoded).toEqual([]);
  });
  it('a phone number the submit check accepts is also fine while typing', () => {
    for (const c of table.rules.phone.filter((c) => c.expect === null)) expect(validatePhone(str(c.input))).toBeNull();
  });
});

describe('password confirmation', () => {
  it('must match', () => {
    expect(text(validateConfirmPassword('Abcdef1!', 'Abcdef1?'))).toBe('Passwords do not match');
    expect(text(validateConfirmPassword('Abcdef1!', ''))).toBe('Please confirm your password');
    expect(validateConfirmPassword('Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});

describe('login and register forms', () => {
  it('lists every problem', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'v.emailRequired', password: 'v.passwordRequired' });
    expect(validateLogin({ email: 'customer@hariyali.in', password: 'Customer@2025' })).toEqual({});
    expect(validateRegister({ name: '', email: 'bad', password: 'weak', confirmPassword: 'x' })).toEqual({
      name: 'v.nameRequired',
      email: 'v.emailInvalid',
      password: 'v.passwordRule',
      confirmPassword: 'v.passwordsMismatch',
    });
  });
});

describe('checkout address', () => {
  it('phone: Indian numbers as people write them are read as their 10 digits, never altered', () => {
    for (const typed of ['+91 98765 43210', '+91-98765-43210', '919876543210', '09876543210', '0091 98765 43210', '98765 43210', '(+91) 98765-43210']) {
      expect(normalisePhone(typed)).toBe('9876543210');
      expect(validatePhone(typed)).toBeNull();
    }
    // Never a different number: an extra digit or a foreign code is refused, not cut down.
    expect(validatePhone('+91 98765 432101')).not.toBeNull();
    expect(validatePhone('+44 7911 123456')).not.toBeNull();
    expect(validatePhone('9198765432')).toBeNull(); // a real 10-digit number starting 9
    expect(normalisePhone('9198765432')).toBe('9198765432');
    expect(phoneInput('+91 98765abc 43210')).toBe('+91 98765 43210');
  });
  it('inputs keep only digits', () => {
    expect(digitsOnly('98a76-54 3210999', 10)).toBe('9876543210');
    expect(digitsOnly('41 10 01', 6)).toBe('411001');
  });
  it('rechecks phone and ZIP on submit with their own messages', () => {
    const good = { recipientName: '', landmark: '', street: 'Flat 4B, 12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001', phone: '9876543210' };
    expect(validateAddress(good)).toEqual({});
    expect(validateAddressOnSubmit(good)).toEqual({});
    const bad = validateAddressOnSubmit({ ...good, zipCode: '4110', phone: '1234567890' });
    expect(text(bad.phone)).toBe('Please enter a valid 10-digit Indian mobile number starting with 6-9');
    expect(text(bad.zipCode)).toBe('Please enter a valid 6-digit ZIP code');
    // While typing, a wrong first digit has the shorter hint.
    expect(text(validatePhone('5876543210'))).toBe('Please enter a valid 10-digit Indian mobile number');
    expect(STATES_AND_UTS).toHaveLength(36);
    expect(validateAddressOnSubmit({ ...good, phone: '+91 98765 43210' })).toEqual({});
    expect(text(validateAddressOnSubmit({ ...good, recipientName: 'R2D2' }).recipientName)).toBe('Name can only contain letters, spaces, apostrophes and hyphens');
    const empty = validateAddressOnSubmit({ recipientName: '', landmark: '', street: '', city: '', state: '', zipCode: '', phone: '' });
    expect(Object.keys(empty).sort()).toEqual(['city', 'phone', 'state', 'street', 'zipCode']);
    expect(text(empty.phone)).toBe('Phone number is required');
  });
});

describe('profile password change', () => {
  it('needs the current password, 6+ then the strong rule, and a matching confirmation', () => {
    const e = validatePasswordChange({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' });
    expect(text(e.currentPassword)).toBe('Current password is required');
    expect(text(e.newPassword)).toBe('Password must be at least 6 characters');
    expect(text(e.confirmPassword)).toBe("New passwords don't match");
    expect(text(validatePasswordChange({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }).newPassword)).toBe(
      'Password must contain at least 8 characters, one uppercase letter, one lowercase letter, one number, and one special character',
    );
    expect(validatePasswordChange({ currentPassword: 'Old@2025x', newPassword: 'New@2025x', confirmPassword: 'New@2025x' })).toEqual({});
  });
});

describe('admin plant form', () => {
  const ok: PlantForm = {
    name: "Snake Plant 'Laurentii'",
    description: 'A hardy plant that forgives missed waterings.',
    price: '349',
    originalPrice: '',
    stock: '25',
    categories: ['Indoor'],
    image: null,
  };
  it('accepts a good plant', () => expect(validatePlantForm(ok)).toEqual({}));
  it('lists every error together', () => {
    const e = validatePlantForm({ name: '', description: 'short', price: '', originalPrice: 'x', stock: '', categories: [], image: { size: 6 * 1024 * 1024, type: 'image/gif' } });
    expect(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, text(v)]))).toEqual({
      name: 'Plant name is required',
      description: 'Description must be between 10 and 1000 characters',
      price: 'Price is required',
      originalPrice: 'Original price must be a whole number',
      stock: 'Stock is required',
      categories: 'Please select at least one category',
      image: 'Image must be in JPEG, PNG, or WebP format',
    });
  });
  it('checks the image (the server checks the bytes themselves)', () => {
    const t = (patch: Partial<PlantForm>) => Object.values(validatePlantForm({ ...ok, ...patch })).map(text);
    expect(t({ image: { size: 5 * 1024 * 1024 + 1, type: 'image/png' } })).toEqual(['Image size cannot exceed 5MB']);
    expect(t({ image: { size: 5 * 1024 * 1024, type: 'image/webp' } })).toEqual([]);
    expect(t({ image: { size: 100, type: 'image/svg+xml' } })).toEqual(['Image must be in JPEG, PNG, or WebP format']);
  });
});

describe('chat attachments', () => {
  const img = (size = 1000, type = 'image/jpeg') => ({ size, type });
  it('keeps images of at most 10MB', () => {
    const r = addChatAttachments([], [img(), img(10 * 1024 * 1024)]);
    expect(r.kept).toHaveLength(2);
    expect(r.error).toBeNull();
  });
  it('rejects other files and big images with the spec message', () => {
    const r = addChatAttachments([], [img(), { size: 10, type: 'application/pdf' }, img(10 * 1024 * 1024 + 1)]);
    expect(r.kept).toHaveLength(1);
    expect(text(r.error)).toBe('Please select valid image files (max 10MB each).');
  });
  it('keeps at most 5', () => {
    const r = addChatAttachments([img(), img(), img(), img()], [img(), img(), img()]);
    expect(r.kept).toHaveLength(5);
    expect(text(r.error)).toBe('You can attach up to 5 images.');
  });
  it('sends with text or an image', () => {
    expect(canSendChat('  ', [])).toBe(false);
    expect(canSendChat('hi', [])).toBe(true);
    expect(canSendChat('', [img()])).toBe(true);
  });
});

describe('rating and quantity', () => {
  it('needs a star and a plant', () => {
    expect(text(validateRating(0, 'p1'))).toBe('Please select a rating');
    expect(text(validateRating(6, 'p1'))).toBe('Rating must be between 1 and 5');
    expect(text(validateRating(4, null))).toBe('Plant ID not found');
    expect(validateRating(5, 'p1')).toBeNull();
  });
  it('keeps quantities between 1 and stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
  });
});

describe('the rating form', () => {
  it('needs stars for a plant of the order and at most 1000 characters of review', () => {
    expect(validateRatingForm({ rating: '0', review: '' }, 'PL-1001')).toEqual({ rating: 'v.ratingRequired' });
    expect(validateRatingForm({ rating: '4', review: '' }, null)).toEqual({ rating: 'v.ratingPlant' });
    expect(validateRatingForm({ rating: '5', review: `  ${'a'.repeat(1000)}  ` }, 'PL-1001')).toEqual({});
    expect(validateRatingForm({ rating: '5', review: '🌱'.repeat(1001) }, 'PL-1001')).toEqual({ review: 'review.tooLong' });
  });
});
