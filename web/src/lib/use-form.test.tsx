import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useForm } from './use-form';
import { digitsOnly, validateAddress, validateAddressOnSubmit, validateLogin, type AddressForm } from './validation';

const address: AddressForm = { recipientName: '', street: 'Flat 4B, 12 MG Road', landmark: '', city: 'Pune', state: 'Maharashtra', zipCode: '411001', phone: '9876543210' };

describe('useForm', () => {
  it('shows a rule only after the field is left or the form submitted', () => {
    const { result } = renderHook(() => useForm({ email: '', password: '' }, validateLogin));
    expect(result.current.error('email')).toBeUndefined();
    act(() => result.current.bind('email').onBlur());
    expect(result.current.error('email')).toBe('Email is required');
    expect(result.current.error('password')).toBeUndefined();
    let ok = true;
    act(() => {
      ok = result.current.submit();
    });
    expect(ok).toBe(false);
    expect(result.current.error('password')).toBe('Password is required');
    expect(result.current.invalidFields).toEqual(['email', 'password']);
  });

  it('keeps a submit-time message until its field is edited, then speaks the live rule', () => {
    const { result } = renderHook(() =>
      useForm(address, validateAddress, { touchOn: 'change', validateOnSubmit: validateAddressOnSubmit, transform: { zipCode: (v) => digitsOnly(v, 6) } }),
    );
    act(() => result.current.setField('zipCode', '41a10'));
    expect(result.current.values.zipCode).toBe('4110');
    expect(result.current.error('zipCode')).toBe('ZIP Code must be exactly 6 digits');
    act(() => void result.current.submit());
    expect(result.current.error('zipCode')).toBe('Please enter a valid 6-digit ZIP code');
    act(() => result.current.setField('zipCode', '41100'));
    expect(result.current.error('zipCode')).toBe('ZIP Code must be exactly 6 digits');
    act(() => result.current.setField('zipCode', '411001'));
    expect(result.current.invalidFields).toEqual([]);
  });

  it("puts the server's field errors under their fields and the rest in the form's message", () => {
    const { result } = renderHook(() => useForm(address, validateAddress));
    const refusal = new ApiError({
      status: 400,
      kind: 'http',
      body: {
        message: 'Validation failed',
        errors: [
          { field: 'phone', code: 'phone_not_ten_digits', message: 'Phone number must be exactly 10 digits' },
          { field: 'items', code: 'wrong_type', message: 'Your cart is empty' },
        ],
      },
    });
    act(() => result.current.serverError(refusal, 'Failed'));
    expect(result.current.error('phone')).toBe('Phone number must be exactly 10 digits');
    expect(result.current.serverMessage).toBe('Your cart is empty');
    expect(result.current.invalidFields).toEqual(['phone']);
    act(() => result.current.setField('phone', '9876543211'));
    expect(result.current.error('phone')).toBeUndefined();
    act(() => result.current.serverError('no answer', 'Failed to place order'));
    expect(result.current.serverMessage).toBe('Failed to place order');
  });
});
