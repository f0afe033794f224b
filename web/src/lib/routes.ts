/**
 * Every route of the app (spec section 2), named once. `ROUTES` holds the patterns the
 * router matches; `routeTo` builds the links that carry an id or a query, encoded the same way
 * everywhere. A page that moves changes here, and the compiler finds every link to it.
 */
export const ROUTES = {
  home: '/',
  catalogue: '/catalogue',
  plant: '/plant/:id',
  login: '/login',
  register: '/register',
  assistant: '/plant-care-ai',
  cart: '/cart',
  checkout: '/checkout',
  orders: '/orders',
  wishlist: '/wishlist',
  profile: '/profile',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminPlants: '/admin/plants',
  adminOrders: '/admin/orders',
  adminDelivery: '/admin/delivery',
  help: '/help/:slug',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** The policy pages under /help. */
export type HelpSlug = 'shipping' | 'returns' | 'privacy' | 'terms' | 'grievance';

/** Spaces become %20 (not "+"), so shared links read the same as the address bar shows them. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const qs = Object.entries(query)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Where to send someone back to after signing in: only a path of this site. */
function redirectQuery(redirect: string | undefined): Record<string, string | undefined> {
  return { redirect: redirect && redirect !== ROUTES.home ? redirect : undefined };
}

export const routeTo = {
  plant: (id: string) => `/plant/${encodeURIComponent(id)}`,
  catalogue: (filters: { category?: string; search?: string } = {}) =>
    withQuery(ROUTES.catalogue, { search: filters.search, category: filters.category }),
  login: (redirect?: string) => withQuery(ROUTES.login, redirectQuery(redirect)),
  register: (redirect?: string) => withQuery(ROUTES.register, redirectQuery(redirect)),
  /** The assistant with a question already typed. */
  assistant: (question?: string) => withQuery(ROUTES.assistant, { q: question }),
  newPlant: () => withQuery(ROUTES.adminPlants, { new: '1' }),
  help: (slug: HelpSlug | string) => `/help/${encodeURIComponent(slug)}`,
} as const;
