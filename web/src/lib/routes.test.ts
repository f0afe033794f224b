import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeTo } from './routes';

describe('routes', () => {
  it('builds links with their ids and queries encoded', () => {
    expect(routeTo.plant('PL 1/2')).toBe('/plant/PL%201%2F2');
    expect(routeTo.catalogue()).toBe('/catalogue');
    expect(routeTo.catalogue({ search: 'pet safe' })).toBe('/catalogue?search=pet%20safe');
    expect(routeTo.catalogue({ category: 'Indoor' })).toBe('/catalogue?category=Indoor');
    expect(routeTo.assistant('Money Plant')).toBe('/plant-care-ai?q=Money%20Plant');
    expect(routeTo.newPlant()).toBe('/admin/plants?new=1');
    expect(routeTo.help('returns')).toBe('/help/returns');
  });

  it('sends back after sign-in only when there is somewhere to go back to', () => {
    expect(routeTo.login()).toBe('/login');
    expect(routeTo.login('/')).toBe('/login');
    expect(routeTo.login('/orders')).toBe('/login?redirect=%2Forders');
    expect(routeTo.register('/plant/p1?x=1')).toBe('/register?redirect=%2Fplant%2Fp1%3Fx%3D1');
  });

  it('is the only place a route is spelt: the router names every pattern through ROUTES', () => {
    const router = readFileSync(join(process.cwd(), 'src/app/router.tsx'), 'utf8');
    expect(router).not.toMatch(/path="\/[^"]*"/);
    for (const name of Object.keys(ROUTES)) expect(router).toContain(`ROUTES.${name}}`);
  });
});
