import { describe, expect, it } from 'vitest';
import { orderItemName, plantDescription, plantName } from './plant-text';

describe('plant texts in the shopper language', () => {
  const tulsi = { name: 'Tulsi', nameHi: 'तुलसी', description: 'Holy basil.', descriptionHi: null };

  it('Hindi mode shows the Hindi text and falls back to English field by field', () => {
    expect(plantName(tulsi, 'hi')).toBe('तुलसी');
    expect(plantDescription(tulsi, 'hi')).toBe('Holy basil.');
    expect(plantName({ name: 'Areca Palm', nameHi: '  ' }, 'hi')).toBe('Areca Palm');
    expect(plantName({ name: 'Jade Plant' }, 'hi')).toBe('Jade Plant');
  });

  it('English mode always shows English', () => {
    expect(plantName(tulsi, 'en')).toBe('Tulsi');
    expect(plantDescription({ description: 'Holy basil.', descriptionHi: 'पवित्र तुलसी।' }, 'en')).toBe('Holy basil.');
  });

  it('order lines use the current Hindi name, else the name they were ordered under', () => {
    expect(orderItemName({ plantName: 'Tulsi', plantNameHi: 'तुलसी' }, 'hi')).toBe('तुलसी');
    expect(orderItemName({ plantName: 'Tulsi', plantNameHi: null }, 'hi')).toBe('Tulsi');
    expect(orderItemName({ plantName: 'Tulsi', plantNameHi: 'तुलसी' }, 'en')).toBe('Tulsi');
  });
});
