import { describe, expect, it } from 'vitest';
import { adminOrderId, customerOrderId, formatCurrency, formatFileSize, formatDate, formatDayMonthYear, formatINR, formatRating, initials, isAddressComplete, isProfileComplete, truncate } from './format';

describe('formatters', () => {
  it('formats rupees with Indian grouping', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(1299)).toBe('₹1,299');
    expect(formatINR(100000)).toBe('₹1,00,000');
    expect(formatINR(12345678)).toBe('₹1,23,45,678');
    expect(formatINR(1234567890.4)).toBe('₹1,23,45,67,890');
    expect(formatINR(-100000)).toBe('-₹1,00,000');
    expect(formatINR(-500)).toBe('-₹500');
    expect(formatINR(Number.NaN)).toBe('₹0');
  });

  it('has a generic $ formatter with 2 decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(5, '₹', 0)).toBe('₹5');
  });

  it('truncates at 100 characters by default', () => {
    const long = 'a'.repeat(150);
    expect(truncate(long)).toBe(`${'a'.repeat(100)}…`);
    expect(truncate('short')).toBe('short');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
    expect(truncate('hello world', 5)).toBe('hello…');
  });

  it('makes initials from the first and last word', () => {
    expect(initials('Asha Devi Rao')).toBe('AR');
    expect(initials('  ravi  ')).toBe('R');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('shortens order ids for customers and admins', () => {
    const id = '0190f3a4-7b1c-7e2d-8f00-1a2b3c4d5e6f';
    expect(customerOrderId(id)).toBe('4D5E6F');
    expect(adminOrderId(id)).toBe('3C4D5E6F');
  });

  it('formats ratings and dates', () => {
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(0)).toBe('0.0');
    expect(formatDate('2025-01-15T10:00:00Z')).toMatch(/15 Jan 2025/);
    expect(formatDate('nonsense')).toBe('');
    expect(formatDayMonthYear('2025-01-15T10:00:00Z', 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec')).toBe('15 Jan 2025');
    expect(formatDayMonthYear('2025-12-03T10:00:00Z', 'a b c d e f g h i j k l')).toBe('3 l 2025');
    expect(formatDayMonthYear('nonsense', 'Jan')).toBe('');
  });

  it('knows when an address and a profile are complete', () => {
    expect(isAddressComplete({ street: '12 MG Road', city: 'Pune', state: 'MH', zipCode: '411001', phone: '9876543210' })).toBe(true);
    expect(isAddressComplete({ street: '12 MG Road', city: 'Pune', state: 'MH', zipCode: '', phone: '9876543210' })).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
    expect(isProfileComplete({ name: 'A', email: 'a@b.in' })).toBe(true);
    expect(isProfileComplete({ name: ' ', email: 'a@b.in' })).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('shows KB under 1 MB and MB above', () => {
    expect(formatFileSize(300 * 1024)).toBe('300 KB');
    expect(formatFileSize(200)).toBe('1 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
