import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';
import { interpolate, setLanguage, t, tm } from './index';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('Hindi has every English key and no extra ones', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('every Hindi text is filled and keeps the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(hi[key].trim(), key).not.toBe('');
      expect(placeholders(hi[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('Hindi texts are really Hindi (Devanagari) outside brand and format keys', () => {
    const latinOk = new Set(['footer.github', 'footer.linkedin', 'orders.qtyPrice', 'plant.idBadge', 'common.pageOf']);
    for (const key of Object.keys(hi) as (keyof typeof hi)[]) {
      if (latinOk.has(key)) continue;
      expect(/[\u0900-\u097F]/.test(hi[key]), key).toBe(true);
    }
  });

  it('switches language, fills placeholders and translates known server sentences', async () => {
    expect(t('plant.inStock', { count: 3 })).toBe('3 in stock');
    await setLanguage('hi');
    expect(localStorage.getItem('language')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(t('plant.inStock', { count: 3 })).toBe('3 स्टॉक में');
    expect(tm('Network error. Please check your connection.')).toBe(hi['err.network']);
    expect(tm('Some unknown server text')).toBe('Some unknown server text');
    await setLanguage('en');
    expect(t('cart.empty')).toBe('Your cart is empty');
    expect(tm('Network error. Please check your connection.')).toBe('Network error. Please check your connection.');
  });

  it('leaves unknown placeholders alone', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
