/** GET /api/config: demo accounts and the category list, cached for the visit. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { AppConfig } from '@/types/api';
import { queryKeys } from './query-keys';

export const DEFAULT_CATEGORIES = ['Indoor', 'Outdoor', 'Succulents', 'Flowering', 'Herbs', 'Trees'];

export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api.get<AppConfig & { success: boolean }>('/config'),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

export type ShopContact = NonNullable<AppConfig['shop']>;

/** Until the config arrives (or from a server without it): the honest defaults, no phone. */
export const DEFAULT_CONTACT: ShopContact = {
  shopName: 'Hariyali',
  supportEmail: 'support@hariyali.in',
  supportPhone: null,
  supportWhatsapp: null,
  grievanceOfficer: null,
  grievanceEmail: 'support@hariyali.in',
};

export function useShopContact(): ShopContact {
  const { data } = useAppConfig();
  return data?.shop ?? DEFAULT_CONTACT;
}

export function useCategories(): string[] {
  const { data } = useAppConfig();
  return data?.categories?.length ? data.categories : DEFAULT_CATEGORIES;
}
