/** GET /api/config: demo accounts and the category list, cached for the visit. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { AppConfig } from '@/types/api';

export const DEFAULT_CATEGORIES = ['Indoor', 'Outdoor', 'Succulents', 'Flowering', 'Herbs', 'Trees'];

export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<AppConfig & { success: boolean }>('/config'),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

export function useCategories(): string[] {
  const { data } = useAppConfig();
  return data?.categories?.length ? data.categories : DEFAULT_CATEGORIES;
}
