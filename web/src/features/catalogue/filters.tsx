import { useEffect, useState } from 'react';
import { SelectField, TextField } from '@/components/field';
import { SortIcon } from '@/components/icons';
import { useCategories } from '@/lib/config';
import { categoryLabel, useI18n } from '@/lib/i18n';
import { LIGHT_VALUES, SORT_FIELDS, type CatalogueFilters } from './api';
import type { MessageKey } from '@/lib/i18n';

/** Sorts people expect to start from the top: newest first, best rated first. */
const DESCENDING_FIRST: CatalogueFilters['sortBy'][] = ['newest', 'rating'];

interface Props {
  filters: CatalogueFilters;
  onChange: (patch: Partial<CatalogueFilters>) => void;
  onClear: () => void;
}

/** Category, price range, rating, light, pet safety and sort. (Search lives above the results.) */
export function Filters({ filters, onChange, onClear }: Props) {
  const { t } = useI18n();
  const categories = useCategories();
  const [minPrice, setMinPrice] = useState(filters.minPrice);
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice);

  // Follow the URL (Clear Filters, back button).
  useEffect(() => setMinPrice(filters.minPrice), [filters.minPrice]);
  useEffect(() => setMaxPrice(filters.maxPrice), [filters.maxPrice]);

  // Prices apply after a short pause in typing.
  // A minimum above the maximum is said next to the fields and not sent.
  const pricesCrossed = !!minPrice && !!maxPrice && Number(minPrice) > Number(maxPrice);
  useEffect(() => {
    if (pricesCrossed || (minPrice === filters.minPrice && maxPrice === filters.maxPrice)) return;
    const id = setTimeout(() => onChange({ minPrice, maxPrice }), 500);
    return () => clearTimeout(id);
  }, [minPrice, maxPrice, pricesCrossed, filters.minPrice, filters.maxPrice, onChange]);

  const order = filters.sortOrder === 'asc' ? t('catalogue.asc') : t('catalogue.desc');

  return (
    <div className="filters">
      <SelectField label={t('catalogue.category')} value={filters.category} onChange={(e) => onChange({ category: e.target.value })}>
        <option value="">{t('catalogue.allCategories')}</option>
        {categories.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </SelectField>

      <fieldset className="filters__group">
        <legend className="field__label">{t('catalogue.price')}</legend>
        <div className="filters__prices">
          <TextField
            label={t('catalogue.minPrice')}
            inputMode="numeric"
            value={minPrice}
            onChange={(e) => setMinPrice(e.target.value.replace(/\D/g, '').slice(0, 6))}
            onBlur={() => !pricesCrossed && minPrice !== filters.minPrice && onChange({ minPrice, maxPrice })}
            placeholder="0"
          />
          <TextField
            label={t('catalogue.maxPrice')}
            inputMode="numeric"
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value.replace(/\D/g, '').slice(0, 6))}
            onBlur={() => !pricesCrossed && maxPrice !== filters.maxPrice && onChange({ minPrice, maxPrice })}
            placeholder="9,99,999"
          />
        </div>
        {pricesCrossed && (
          <p className="field__error" role="alert">
            {t('catalogue.priceOrder')}
          </p>
        )}
      </fieldset>

      <SelectField label={t('catalogue.minRating')} value={filters.minRating} onChange={(e) => onChange({ minRating: e.target.value })}>
        <option value="">{t('catalogue.anyRating')}</option>
        {[1, 2, 3, 4].map((n) => (
          <option key={n} value={String(n)}>
            {t('catalogue.ratingPlus', { n })}
          </option>
        ))}
        <option value="5">{t('catalogue.rating5')}</option>
      </SelectField>

      <SelectField label={t('catalogue.light')} value={filters.light} onChange={(e) => onChange({ light: e.target.value })} data-testid="filter-light">
        <option value="">{t('catalogue.anyLight')}</option>
        {LIGHT_VALUES.map((l) => (
          <option key={l} value={l}>
            {t(`care.light.${l}` as MessageKey)}
          </option>
        ))}
      </SelectField>

      <label className="filters__check">
        <input type="checkbox" checked={filters.petSafe === 'true'} onChange={(e) => onChange({ petSafe: e.target.checked ? 'true' : '' })} data-testid="filter-pet-safe" />
        <span>{t('catalogue.petSafe')}</span>
      </label>

      <div className="filters__sort">
        <SelectField
          label={t('catalogue.sortBy')}
          value={filters.sortBy}
          onChange={(e) => {
            const sortBy = e.target.value as CatalogueFilters['sortBy'];
            onChange({ sortBy, sortOrder: DESCENDING_FIRST.includes(sortBy) ? 'desc' : 'asc' });
          }}
        >
          {SORT_FIELDS.map((s) => (
            <option key={s} value={s}>
              {t(`catalogue.sort.${s}`)}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn--outline filters__order"
          onClick={() => onChange({ sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' })}
          aria-label={t('catalogue.orderToggle', { order })}
          title={t('catalogue.orderToggle', { order })}
        >
          <SortIcon size={18} />
          <span>{order}</span>
        </button>
      </div>

      <button type="button" className="btn btn--ghost btn--block" onClick={onClear}>
        {t('catalogue.clear')}
      </button>
    </div>
  );
}
