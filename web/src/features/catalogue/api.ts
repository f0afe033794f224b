import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { plantsQuery, type CatalogueFilters } from './queries';

export * from './queries';

export function usePlants(f: CatalogueFilters) {
  return useQuery({ ...plantsQuery(f), placeholderData: keepPreviousData });
}
