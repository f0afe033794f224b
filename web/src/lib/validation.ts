/**
 * Every validation rule of spec section 5 (with the contract's decisions), in one place.
 * Validators return a message key (see i18n/en.ts) or null when the value is fine; the
 * English text of each key is the spec's wording, so the server and the browser agree.
 */
import type { MessageKey } from './i18n/en';
import INDIAN_STATES from './data/indian-states.json';

/** The 28 states and 8 union territories, as the checkout's State/UT select offers them. */
export const STATES_AND_UTS: readonly string[] = INDIAN_STATES;

export type Msg = MessageKey | null;
export type Errors<F extends string> = Partial<Record<F, MessageKey>>;

export const LIMITS = {
  emailMin: 5,
  emailMax: 255,
  passwordMin: 8,
  passwordMax: 255,
  passwordChangeMin: 6,
  nameMin: 2,
  nameMax: 50,
  plantNameMin: 2,
  plantNameMax: 100,
  descriptionMin: 10,
  descriptionMax: 1000,
  priceMin: 1,
  priceMax: 999_999,
  stockMin: 0,
  stockMax: 10_000,
  categoriesMax: 5,
  streetMin: 10,
  streetMax: 200,
  placeMin: 2,
  placeMax: 50,
  plantImageMaxBytes: 5 * 1024 * 1024,
  chatImageMaxBytes: 10 * 1024 * 1024,
  chatImagesMax: 5,
  chatMessageMax: 2000,
  ratingMin: 1,
  ratingMax: 5,
  reviewMax: 1000,
} as const;

/** Length in characters (code points), as the server counts it, not UTF-16 units. */
export function charCount(value: string): number {
  return [...value].length;
}

// Local part: letters, digits and . _ % + - '; domain: labels joined by single dots, no
// label starting or ending with a hyphen; TLD of 2+ letters.
const EMAIL_RE = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function validateEmail(value: string): Msg {
  const v = value.trim();
  if (!v) return 'v.emailRequired';
  if (charCount(v) < LIMITS.emailMin || charCount(v) > LIMITS.emailMax) return 'v.emailInvalid';
  if (v.includes('..')) return 'v.emailInvalid';
  const local = v.split('@')[0];
  if (local.startsWith('.') || local.endsWith('.')) return 'v.emailInvalid';
  if (!EMAIL_RE.test(v)) return 'v.emailInvalid';
  return null;
}

/**
 * Register/login password: 8-255 chars, lower, upper, digit and special character. The
 * server also refuses common passwords (its list is not sent to the browser).
 */
export function validatePassword(value: string): Msg {
  if (!value) return 'v.passwordRequired';
  if (charCount(value) > LIMITS.passwordMax) return 'v.passwordMax';
  if (!hasEnoughVisible(value)) return 'v.passwordVisible';
  if (!isStrongPassword(value)) return 'v.passwordRule';
  return null;
}

// Spaces and invisible characters (zero-width, joiners, controls, direction marks) are
// allowed but do not count: a password that is mostly them is easy to mistype.
const INVISIBLE_RANGES: [number, number][] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xe0000, 0xe007f],
];

function isInvisible(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  return /\s|\p{Cc}/u.test(c) || INVISIBLE_RANGES.some(([from, to]) => cp >= from && cp <= to);
}

function hasEnoughVisible(value: string): boolean {
  const chars = [...value];
  const hidden = chars.filter(isInvisible).length;
  const visible = chars.length - hidden;
  return hidden === 0 || (visible >= LIMITS.passwordMin && hidden < visible);
}

export function isStrongPassword(value: string): boolean {
  const length = charCount(value);
  return (
    length >= LIMITS.passwordMin &&
    length <= LIMITS.passwordMax &&
    /\p{Ll}/u.test(value) &&
    /\p{Lu}/u.test(value) &&
    /[0-9]/.test(value) &&
    /[^\p{Alphabetic}\p{N}\s]/u.test(value)
  );
}

export function validateConfirmPassword(password: string, confirm: string): Msg {
  if (!confirm) return 'v.confirmRequired';
  if (password !== confirm) return 'v.passwordsMismatch';
  return null;
}

/** Letters of any script, including the vowel signs and virama of the Indian scripts. */
const LETTER = '\\p{Alphabetic}\\u0900-\\u0DFF';
const NAME_RE = new RegExp(`^[${LETTER}' -]+$`, 'u');
const PLACE_RE = new RegExp(`^[${LETTER} ]+$`, 'u');

/** Letters (any script), spaces, apostrophe, hyphen; 2-50; no edge or double spaces. */
export function validateName(value: string): Msg {
  if (!value || !value.trim()) return 'v.nameRequired';
  if (value.startsWith(' ') || value.endsWith(' ')) return 'v.nameEdgeSpaces';
  if (value.includes('  ')) return 'v.nameDoubleSpaces';
  if (!NAME_RE.test(value)) return 'v.nameChars';
  if (charCount(value) < LIMITS.nameMin) return 'v.nameMin';
  if (charCount(value) > LIMITS.nameMax) return 'v.nameMax';
  return null;
}

// ---------------------------------------------------------------- Login & register forms

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(f: LoginForm): Errors<keyof LoginForm> {
  return compact({ email: validateEmail(f.email), password: validatePassword(f.password) });
}

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegister(f: RegisterForm): Errors<keyof RegisterForm> {
  return compact({
    name: validateName(f.name),
    email: validateEmail(f.email),
    password: validatePassword(f.password),
    confirmPassword: validateConfirmPassword(f.password, f.confirmPassword),
  });
}

// ---------------------------------------------------------------- Checkout address

export interface AddressForm {
  recipientName: string;
  street: string;
  landmark: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
}

export const ADDRESS_FIELDS: (keyof AddressForm)[] = ['recipientName', 'street', 'landmark', 'city', 'state', 'zipCode', 'phone'];

export const LANDMARK_MAX = 100;

/** Optional: the person who takes the parcel, when it is not the account holder. */
export function validateRecipientName(value: string): Msg {
  if (!value.trim()) return null;
  return validateName(value.trim());
}

export function validateLandmark(value: string): Msg {
  return charCount(value.trim()) > LANDMARK_MAX ? 'v.landmarkMax' : null;
}

export function validateStreet(value: string): Msg {
  const v = value.trim();
  if (!v) return 'v.streetRequired';
  if (charCount(v) < LIMITS.streetMin) return 'v.streetMin';
  if (charCount(v) > LIMITS.streetMax) return 'v.streetMax';
  return null;
}

/** Letters of any script (Devanagari city names included, with their vowel signs) and spaces. */
function validatePlace(value: string, kind: 'city' | 'state'): Msg {
  const v = value.trim();
  if (!v) return kind === 'city' ? 'v.cityRequired' : 'v.stateRequired';
  if (!PLACE_RE.test(v)) return kind === 'city' ? 'v.cityChars' : 'v.stateChars';
  if (charCount(v) < LIMITS.placeMin) return kind === 'city' ? 'v.cityMin' : 'v.stateMin';
  if (charCount(v) > LIMITS.placeMax) return kind === 'city' ? 'v.cityMax' : 'v.stateMax';
  return null;
}

export const validateCity = (v: string): Msg => validatePlace(v, 'city');

/** One of the 36, spelt as in the list in any letter case (the server stores the list's spelling). */
export function validateState(v: string): Msg {
  const m = validatePlace(v, 'state');
  if (m) return m;
  const wanted = v.trim().toLowerCase();
  return STATES_AND_UTS.some((s) => s.toLowerCase() === wanted) ? null : 'v.stateList';
}

/** PIN code: exactly 6 digits, and no PIN starts with 0. */
export function validateZip(value: string): Msg {
  if (!value) return 'v.zipRequired';
  if (!/^[1-9]\d{5}$/.test(normalisePin(value))) return 'v.zipLength';
  return null;
}

/**
 * An Indian number as people write or paste it (+91 98765 43210, 091-98765-43210,
 * 919876543210, 098765 43210) brought to its 10 digits. Anything else is returned with only
 * the separators taken out, so the check below refuses it rather than guessing.
 */
export function normalisePhone(value: string): string {
  let d = value.trim().replace(/[\s\-().]/g, '');
  if (d.startsWith('+91')) d = d.slice(3);
  else if (d.startsWith('0091')) d = d.slice(4);
  else if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  return d;
}

/** A PIN as typed with a space in the middle (411 001). */
export function normalisePin(value: string): string {
  return value.replace(/\s/g, '');
}

/** While typing: the first digit must be 6-9, then exactly 10 digits (after normalising). */
export function validatePhone(raw: string): Msg {
  if (!raw.trim()) return 'v.phoneRequired';
  const value = normalisePhone(raw);
  if (!/^\d+$/.test(value) || !/^[6-9]/.test(value)) return 'v.phoneIndian';
  if (value.length !== 10) return 'v.phoneLength';
  return null;
}

/**
 * The check the server makes when the order is placed, and the checkout's check on submit:
 * 10 digits once normalised, then the first digit 6-9.
 */
export function validatePhoneOnSubmit(raw: string): Msg {
  if (!raw.trim()) return 'v.phoneRequired';
  const value = normalisePhone(raw);
  if (!/^\d{10}$/.test(value)) return 'v.phoneLength';
  if (!/^[6-9]/.test(value)) return 'v.phoneSubmit';
  return null;
}

/** What the phone box lets through: digits and the separators people type (+, space, dash). */
export function phoneInput(value: string): string {
  return value.replace(/[^\d+\s\-().]/g, '').slice(0, 20);
}

/** Keeps only digits and cuts to `max` characters (ZIP and phone inputs). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

const addressValidators: Record<keyof AddressForm, (v: string) => Msg> = {
  recipientName: validateRecipientName,
  landmark: validateLandmark,
  street: validateStreet,
  city: validateCity,
  state: validateState,
  zipCode: validateZip,
  phone: validatePhone,
};

export function validateAddressField(field: keyof AddressForm, value: string): Msg {
  return addressValidators[field](value);
}

export function validateAddress(f: AddressForm): Errors<keyof AddressForm> {
  const out: Errors<keyof AddressForm> = {};
  for (const field of ADDRESS_FIELDS) {
    const m = addressValidators[field](f[field] ?? '');
    if (m) out[field] = m;
  }
  return out;
}

/** On submit the phone and ZIP are checked once more with the spec's submit messages. */
export function validateAddressOnSubmit(f: AddressForm): Errors<keyof AddressForm> {
  const out = validateAddress(f);
  const phone = validatePhoneOnSubmit(f.phone);
  if (phone) out.phone = phone;
  if (!/^[1-9]\d{5}$/.test(normalisePin(f.zipCode))) out.zipCode = f.zipCode ? 'v.zipSubmit' : 'v.zipRequired';
  return out;
}

// ---------------------------------------------------------------- Profile

export function validateProfileName(value: string): Msg {
  return validateName(value);
}

/** The saved address has no format rules (spec), only the server's bound on its length. */
export const PROFILE_ADDRESS_FIELD_MAX = 200;

export function validateProfileAddressField(value: string): Msg {
  return charCount(value) > PROFILE_ADDRESS_FIELD_MAX ? 'v.addressFieldMax' : null;
}

export type ProfileAddressForm = Record<keyof AddressForm, string>;

export function validateProfileAddress(f: ProfileAddressForm): Errors<keyof ProfileAddressForm> {
  const out: Errors<keyof ProfileAddressForm> = {};
  for (const field of ADDRESS_FIELDS) {
    const m = validateProfileAddressField(f[field] ?? '');
    if (m) out[field] = m;
  }
  return out;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChange(f: PasswordChangeForm): Errors<keyof PasswordChangeForm> {
  const out: Errors<keyof PasswordChangeForm> = {};
  if (!f.currentPassword) out.currentPassword = 'v.currentRequired';
  if (!f.newPassword) out.newPassword = 'v.newRequired';
  else if (charCount(f.newPassword) < LIMITS.passwordChangeMin) out.newPassword = 'v.newMin';
  else {
    const rule = validatePassword(f.newPassword);
    if (rule) out.newPassword = rule;
  }
  if (!f.confirmPassword) out.confirmPassword = 'v.confirmNewRequired';
  else if (f.newPassword !== f.confirmPassword) out.confirmPassword = 'v.newMismatch';
  return out;
}

// ---------------------------------------------------------------- Admin plant form

export interface PlantForm {
  name: string;
  description: string;
  price: string;
  originalPrice: string;
  stock: string;
  categories: string[];
  image: { size: number; type: string } | null;
}

export const PLANT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A whole number as people type it: "12.0" counts, "12.5" and "1e3" do not (as the server reads it). */
function wholeNumber(value: string): number | null {
  const v = value.trim();
  const digits = v.endsWith('.0') ? v.slice(0, -2) : v;
  if (digits.length > 12 || !/^-?\d+$/.test(digits)) return null;
  return Number(digits);
}

export function validatePlantImage(file: { size: number; type: string } | null): Msg {
  if (!file) return null;
  if (!PLANT_IMAGE_TYPES.includes(file.type)) return 'v.imageType';
  if (file.size > LIMITS.plantImageMaxBytes) return 'v.imageSize';
  return null;
}

/** All the admin form's errors at once (the spec lists them together). */
export function validatePlantForm(f: PlantForm): Errors<keyof PlantForm> {
  const out: Errors<keyof PlantForm> = {};
  const name = f.name.trim();
  if (!name) out.name = 'v.plantNameRequired';
  else if (charCount(name) < LIMITS.plantNameMin || charCount(name) > LIMITS.plantNameMax) out.name = 'v.plantNameLength';
  else if (!NAME_RE.test(name) || name.includes('  ')) out.name = 'v.plantNameChars';

  const description = f.description.trim();
  if (!description) out.description = 'v.descriptionRequired';
  else if (charCount(description) < LIMITS.descriptionMin || charCount(description) > LIMITS.descriptionMax)
    out.description = 'v.descriptionLength';
  // The database cannot keep U+0000, so the server refuses it; say so before sending.
  else if (description.includes('\0')) out.description = 'v.descriptionNul';

  let price: number | null = null;
  if (!f.price.trim()) out.price = 'v.priceRequired';
  else {
    price = wholeNumber(f.price);
    if (price === null) out.price = 'v.priceWhole';
    else if (price < LIMITS.priceMin || price > LIMITS.priceMax) out.price = 'v.priceRange';
  }

  if (f.originalPrice.trim()) {
    const original = wholeNumber(f.originalPrice);
    if (original === null) out.originalPrice = 'v.originalWhole';
    else if (original > LIMITS.priceMax) out.originalPrice = 'v.originalMax';
    else if (price !== null && original < price) out.originalPrice = 'v.originalMin';
  }

  if (!f.stock.trim()) out.stock = 'v.stockRequired';
  else {
    const stock = wholeNumber(f.stock);
    if (stock === null) out.stock = 'v.stockWhole';
    else if (stock < LIMITS.stockMin || stock > LIMITS.stockMax) out.stock = 'v.stockRange';
  }

  if (f.categories.length < 1) out.categories = 'v.categoriesMin';
  else if (f.categories.length > LIMITS.categoriesMax) out.categories = 'v.categoriesMax';

  const img = validatePlantImage(f.image);
  if (img) out.image = img;
  return out;
}

// ---------------------------------------------------------------- AI chat attachments

export interface FileLike {
  size: number;
  type: string;
}

export interface AttachmentResult<T extends FileLike> {
  kept: T[];
  error: MessageKey | null;
}

/**
 * Adds picked files to those already attached: only images of at most 10MB each are
 * accepted, and at most 5 are kept. Any rejected file produces the spec's message.
 */
export function addChatAttachments<T extends FileLike>(current: T[], picked: T[]): AttachmentResult<T> {
  const valid = picked.filter((f) => f.type.startsWith('image/') && f.size > 0 && f.size <= LIMITS.chatImageMaxBytes);
  let error: MessageKey | null = valid.length < picked.length ? 'v.chatFiles' : null;
  const room = Math.max(0, LIMITS.chatImagesMax - current.length);
  if (valid.length > room && !error) error = 'v.chatTooMany';
  return { kept: [...current, ...valid.slice(0, room)], error };
}

export function canSendChat(text: string, images: unknown[]): boolean {
  return text.trim().length > 0 || images.length > 0;
}

// ---------------------------------------------------------------- Rating

export function validateRating(rating: number, plantId: string | null | undefined): Msg {
  if (!plantId) return 'v.ratingPlant';
  if (!rating) return 'v.ratingRequired';
  if (!Number.isInteger(rating) || rating < LIMITS.ratingMin || rating > LIMITS.ratingMax) return 'v.ratingRange';
  return null;
}

export interface RatingForm {
  /** The stars chosen, '0' for none yet (a form's values are text). */
  rating: string;
  review: string;
}

/** The rating modal: stars for a plant of the order, and a review of at most 1000 characters. */
export function validateRatingForm(f: RatingForm, plantId: string | null | undefined): Errors<keyof RatingForm> {
  return compact({
    rating: validateRating(Number(f.rating), plantId),
    review: charCount(f.review.trim()) > LIMITS.reviewMax ? 'review.tooLong' : null,
  });
}

/** A cart quantity the server accepts: at least 1 (stock is the server's to check). */
export function validateQuantity(quantity: number): Msg {
  return Number.isInteger(quantity) && quantity >= 1 ? null : 'v.quantityMin';
}

// ---------------------------------------------------------------- helpers

export function compact<F extends string>(o: Record<F, Msg>): Errors<F> {
  const out: Errors<F> = {};
  for (const k of Object.keys(o) as F[]) {
    const m = o[k];
    if (m) out[k] = m;
  }
  return out;
}

export function hasErrors(e: object): boolean {
  return Object.values(e).some(Boolean);
}

/** Clamp a cart/plant quantity to 1..max (spec: never below 1 or above stock). */
export function clampQuantity(q: number, max: number): number {
  if (max < 1) return 1;
  return Math.min(Math.max(1, Math.floor(q) || 1), max);
}
