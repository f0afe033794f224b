import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { en } from '@/lib/i18n/en';
import { allowedNext } from './transitions';
import { describeSaveError, plantFormData } from './plant-form';

describe('order status transitions (spec section 4)', () => {
  it('offers only the allowed next statuses', () => {
    expect(allowedNext('pending')).toEqual(['processing', 'cancelled']);
    expect(allowedNext('processing')).toEqual(['shipped', 'cancelled']);
    expect(allowedNext('shipped')).toEqual(['delivered']);
    expect(allowedNext('delivered')).toEqual([]);
    expect(allowedNext('cancelled')).toEqual([]);
  });
});

describe('plant form submission', () => {
  it('builds the multipart body', () => {
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const fd = plantFormData(
      { name: ' Tulsi ', description: 'Holy basil for the courtyard', price: '149', originalPrice: '', stock: '20', categories: ['Herbs', 'Outdoor'], image: { size: 1, type: 'image/png' } },
      file,
    );
    expect(fd.get('name')).toBe('Tulsi');
    expect(fd.getAll('categories')).toEqual(['Herbs', 'Outdoor']);
    expect(fd.has('originalPrice')).toBe(false);
    expect((fd.get('image') as File).name).toBe('p.png');
  });

  const t = (k: 'admin.form.serverErrors' | 'admin.form.connection' | 'admin.form.unexpected') => en[k];
  const id = (s: string) => s;

  it('shows the server error list under a heading', () => {
    const err = new ApiError({ status: 400, kind: 'http', body: { message: 'Validation failed', errors: [{ field: 'name', code: 'plant_name_required', message: 'Plant name is required' }] } });
    expect(describeSaveError(err, t, id)).toEqual({ heading: en['admin.form.serverErrors'], lines: ['Plant name is required'] });
  });
  it('shows the message or error field otherwise', () => {
    const err = new ApiError({ status: 409, kind: 'http', body: { message: 'A plant with this name already exists' } });
    expect(describeSaveError(err, t, id).lines).toEqual(['A plant with this name already exists']);
    const err2 = new ApiError({ status: 413, kind: 'http', body: { error: 'Too large' } });
    expect(describeSaveError(err2, t, id).lines).toEqual(['Too large']);
  });
  it('explains a connection failure', () => {
    const err = new ApiError({ status: 0, kind: 'network' });
    expect(describeSaveError(err, t, id).heading).toBe('Unable to connect to server. Please check your internet connection and try again.');
  });
  it('falls back to an unexpected-error text', () => {
    expect(describeSaveError(new Error('x'), t, id).heading).toBe(en['admin.form.unexpected']);
  });
});
