import { describe, expect, it } from 'vitest';
import { appendPlantExtras, extrasFromPlant, validatePlantExtras } from './plant-extras';
import type { Plant } from '@/types/api';

const empty = extrasFromPlant(null);

describe('admin plant form: Hindi texts and care', () => {
  it('starts from the plant being edited', () => {
    const plant = { nameHi: 'तुलसी', descriptionHi: null, care: { light: 'full-sun', water: 'medium', difficulty: 'easy', petSafe: true, childSafe: true } } as unknown as Plant;
    expect(extrasFromPlant(plant)).toEqual({
      nameHi: 'तुलसी',
      descriptionHi: '',
      careLight: 'full-sun',
      careWater: 'medium',
      careDifficulty: 'easy',
      carePetSafe: 'true',
      careChildSafe: 'true',
    });
  });

  it('care is all five facts or none, as the server asks', () => {
    expect(validatePlantExtras(empty)).toEqual({});
    expect(validatePlantExtras({ ...empty, careLight: 'low' })).toEqual({
      careWater: 'admin.form.careIncomplete',
      careDifficulty: 'admin.form.careIncomplete',
      carePetSafe: 'admin.form.careIncomplete',
      careChildSafe: 'admin.form.careIncomplete',
    });
    const all = { ...empty, careLight: 'low', careWater: 'low', careDifficulty: 'easy', carePetSafe: 'false', careChildSafe: 'true' };
    expect(validatePlantExtras(all)).toEqual({});
  });

  it('Hindi texts are optional but sized like the server rules', () => {
    expect(validatePlantExtras({ ...empty, nameHi: 'त' })).toEqual({ nameHi: 'admin.form.nameHiLength' });
    expect(validatePlantExtras({ ...empty, descriptionHi: 'छोटा' })).toEqual({ descriptionHi: 'admin.form.descriptionHiLength' });
    expect(validatePlantExtras({ ...empty, nameHi: 'तुलसी' })).toEqual({});
  });

  it('sends every field, so emptied ones are cleared on the server', () => {
    const fd = new FormData();
    appendPlantExtras(fd, { ...empty, nameHi: ' तुलसी ' });
    expect(fd.get('nameHi')).toBe('तुलसी');
    expect(fd.get('descriptionHi')).toBe('');
    expect(fd.get('careLight')).toBe('');
    expect(fd.get('careChildSafe')).toBe('');
  });
});
