import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './i18n/en';
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
  validateConfirmPassword,
  validateEmail,
  validateLogin,
  validateName,
  validatePassword,
  validatePasswordChange,
  validatePhone,
  validatePlantForm,
  validateRating,
  validateRegister,
  validateState,
  validateStreet,
  validateZip,
  type PlantForm,
} from './validation';

const text = (k: MessageKey | null | undefined) => (k ? en[k] : null);

describe('email', () => {
  it.each(['a@b.in', 'asha.rao+plants@mail.example.com', 'x_y@sub.domain.co'])('accepts %s', (e) => expect(validateEmail(e)).toBeNull());
  it('requires a value', () => expect(text(validateEmail('  '))).toBe('Email is required'));
  it.each(['plain', 'a@b', 'a@b.c', 'a..b@c.in', 'a b@c.in', 'a@.c.in', 'a@c.in.', 'a@c..in', '.a@c.in', 'a@b.c1', `${'a'.repeat(251)}@b.in`])(
    'rejects %s',
    (e) => expect(text(validateEmail(e))).toBe('Enter a valid email address'),
  );
});

describe('password (login and register)', () => {
  const rule = 'Password must contain at least 8 characters, one uppercase letter, one lowercase letter, one number, and one special character';
  it('requires a value', () => expect(text(validatePassword(''))).toBe('Password is required'));
  it.each(['Short1!', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial1', 'A1!' + 'a'.repeat(253)])('rejects %s', (p) =>
    expect(text(validatePassword(p))).toBe(rule),
  );
  it('accepts a strong one, up to 255 characters', () => {
    expect(validatePassword('Customer@2025')).toBeNull();
    expect(validatePassword('A1!' + 'a'.repeat(252))).toBeNull();
  });
  it('checks the confirmation', () => {
    expect(text(validateConfirmPassword('Abcdef1!', 'Abcdef1?'))).toBe('Passwords do not match');
    expect(text(validateConfirmPassword('Abcdef1!', ''))).toBe('Please confirm your password');
    expect(validateConfirmPassword('Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});

describe('name', () => {
  it.each(["Asha Rao", "D'Souza", 'Mary-Jane', 'आशा राव', 'Li'])('accepts %s', (n) => expect(validateName(n)).toBeNull());
  it('requires a value and not only spaces', () => {
    expect(text(validateName(''))).toBe('Name is required');
    expect(text(validateName('    '))).toBe('Name is required');
  });
  it('rejects edge and double spaces', () => {
    expect(text(validateName(' Asha'))).toBe('Name cannot start or end with a space or contain double spaces');
    expect(text(validateName('Asha  Rao'))).toBe('Name cannot start or end with a space or contain double spaces');
  });
  it('checks length and characters', () => {
    expect(text(validateName('A'))).toBe('Name must be between 2 and 50 characters');
    expect(text(validateName('A'.repeat(51)))).toBe('Name must be between 2 and 50 characters');
    expect(text(validateName('Asha R0o'))).toBe('Name can only contain letters, spaces, apostrophes and hyphens');
    expect(text(validateName('Asha@Rao'))).toBe('Name can only contain letters, spaces, apostrophes and hyphens');
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
  it('street: required, 10-200', () => {
    expect(text(validateStreet(''))).toBe('Street address is required');
    expect(text(validateStreet('12 MG Rd'))).toBe('Street address must be at least 10 characters');
    expect(text(validateStreet('x'.repeat(201)))).toBe('Street address cannot exceed 200 characters');
    expect(validateStreet('Flat 4B, 12 MG Road')).toBeNull();
  });
  it('city and state: 2-50, letters and spaces', () => {
    expect(text(validateCity(''))).toBe('City is required');
    expect(text(validateCity('P'))).toBe('City name must be at least 2 characters');
    expect(text(validateCity('P'.repeat(51)))).toBe('City name cannot exceed 50 characters');
    expect(text(validateCity('Pune-1'))).toBe('City name can only contain letters and spaces');
    expect(validateCity('New Delhi')).toBeNull();
    expect(text(validateState(''))).toBe('State is required');
    expect(text(validateState('M'))).toBe('State name must be at least 2 characters');
    expect(text(validateState('M'.repeat(51)))).toBe('State name cannot exceed 50 characters');
    expect(text(validateState('Tamil Nadu 2'))).toBe('State name can only contain letters and spaces');
    expect(validateState('Tamil Nadu')).toBeNull();
    expect(text(validateState('Bombay State'))).toBe('Please choose your State or Union Territory from the list');
    expect(STATES_AND_UTS).toHaveLength(36);
    // Devanagari city names are letters (with their vowel signs).
    expect(validateCity('पुणे')).toBeNull();
    expect(validateCity('नई दिल्ली')).toBeNull();
  });
  it('zip: exactly 6 digits', () => {
    expect(text(validateZip(''))).toBe('ZIP Code is required');
    expect(text(validateZip('4110'))).toBe('ZIP Code must be exactly 6 digits');
    expect(validateZip('411001')).toBeNull();
    expect(text(validateZip('011001'))).toBe('ZIP Code must be exactly 6 digits');
  });
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
  it('phone: 10 digits starting 6-9', () => {
    expect(text(validatePhone(''))).toBe('Phone number is required');
    expect(text(validatePhone('5876543210'))).toBe('Please enter a valid 10-digit Indian mobile number');
    expect(text(validatePhone('98765'))).toBe('Phone number must be exactly 10 digits');
    expect(validatePhone('9876543210')).toBeNull();
    expect(validatePhone('6000000000')).toBeNull();
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
  it('checks each bound', () => {
    const t = (patch: Partial<PlantForm>) => Object.values(validatePlantForm({ ...ok, ...patch })).map(text);
    expect(t({ name: 'A' })).toEqual(['Plant name must be between 2 and 100 characters']);
    expect(t({ name: 'A'.repeat(101) })).toEqual(['Plant name must be between 2 and 100 characters']);
    expect(t({ name: 'Rose #1' })).toEqual(['Plant name can only contain letters, spaces, hyphens and apostrophes']);
    expect(t({ description: '' })).toEqual(['Description is required']);
    expect(t({ description: 'x'.repeat(1001) })).toEqual(['Description must be between 10 and 1000 characters']);
    expect(t({ price: '12.5' })).toEqual(['Price must be a whole number']);
    expect(t({ price: '0' })).toEqual(['Price must be between 1 and 999,999']);
    expect(t({ price: '1000000' })).toEqual(['Price must be between 1 and 999,999']);
    expect(t({ originalPrice: '300' })).toEqual(['Original price must be at least the price']);
    expect(t({ originalPrice: '1000000' })).toEqual(['Original price cannot exceed 999,999']);
    expect(t({ originalPrice: '349' })).toEqual([]);
    expect(t({ stock: '1.5' })).toEqual(['Stock must be a whole number']);
    expect(t({ stock: '-1' })).toEqual(['Stock must be between 0 and 10,000']);
    expect(t({ stock: '10001' })).toEqual(['Stock must be between 0 and 10,000']);
    expect(t({ stock: '10000' })).toEqual([]);
    expect(t({ stock: '0' })).toEqual([]);
    expect(t({ categories: ['Indoor', 'Outdoor', 'Succulents', 'Flowering', 'Herbs', 'Trees'] })).toEqual(['Cannot select more than 5 categories']);
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
    expect(text(validateRating(6, 'p1'))).toBe('Please select a rating');
    expect(text(validateRating(4, null))).toBe('Plant ID not found');
    expect(validateRating(5, 'p1')).toBeNull();
  });
  it('keeps quantities between 1 and stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
  });
});
