import { describe, expect, it } from 'vitest';
import { errorsByRow, matches, toRequest, toRow, emptyRow } from './delivery-rules';

describe('delivery rules editing', () => {
  it('turns rows into the request: a blank "to" is the single prefix, unserved areas send no days', () => {
    const metro = toRow({ from: '56', to: '56', state: 'Karnataka', city: 'Bengaluru', serviceable: true, minDays: 2, maxDays: 4 });
    const islands = { ...toRow({ from: '744', to: '744', state: 'Andaman and Nicobar Islands', city: null, serviceable: true, minDays: 4, maxDays: 8 }), serviceable: false };
    const typo = { ...emptyRow(), from: ' 12 ', to: '13', state: 'Haryana', minDays: 'four', maxDays: '' };
    expect(metro.to).toBe('');
    expect(toRequest([metro, islands, typo]).rules).toEqual([
      { from: '56', to: '56', state: 'Karnataka', city: 'Bengaluru', serviceable: true, minDays: 2, maxDays: 4 },
      { from: '744', to: '744', state: 'Andaman and Nicobar Islands', city: null, serviceable: false, minDays: null, maxDays: null },
      { from: '12', to: '13', state: 'Haryana', city: null, serviceable: true, minDays: 'four', maxDays: null },
    ]);
  });

  it('puts each server error on its row and field, list errors apart', () => {
    const { rows, list } = errorsByRow([
      { field: 'rules[2].maxDays', code: 'delivery_days_invalid', message: 'Delivery days must be 1 to 60, the minimum not above the maximum' },
      { field: 'rules[0].from', code: 'pin_prefix_invalid', message: 'PIN prefix must be 1 to 6 digits' },
      { field: 'rules', code: 'delivery_rules_required', message: 'Add at least one delivery rule' },
    ]);
    expect(rows.get(2)?.maxDays?.code).toBe('delivery_days_invalid');
    expect(rows.get(0)?.from?.message).toBe('PIN prefix must be 1 to 6 digits');
    expect(list.map((e) => e.code)).toEqual(['delivery_rules_required']);
  });

  it('finds the rows covering a PIN, or by place name', () => {
    const rows = [
      { ...emptyRow(), from: '67', to: '69', state: 'Kerala' },
      { ...emptyRow(), from: '744', state: 'Andaman and Nicobar Islands' },
      { ...emptyRow(), from: '56', state: 'Karnataka', city: 'Bengaluru' },
    ];
    expect(rows.filter((r) => matches(r, '682551')).map((r) => r.from)).toEqual(['67']);
    expect(rows.filter((r) => matches(r, '744101')).map((r) => r.from)).toEqual(['744']);
    expect(rows.filter((r) => matches(r, '7')).map((r) => r.from)).toEqual(['744']);
    expect(rows.filter((r) => matches(r, 'bengal')).map((r) => r.from)).toEqual(['56']);
    expect(rows.filter((r) => matches(r, '')).length).toBe(3);
  });
});
