import { describe, expect, it } from 'vitest';
import { allowedOriginsOf, missingPublicOrigin, publicOriginOf, readServerConfig } from './config';

describe('the public origin and the trusted proxy are configured, never taken from a request', () => {
  it('PUBLIC_URL is the origin of every link', () => {
    expect(readServerConfig({ PUBLIC_URL: 'https://shop.example/' })).toMatchObject({ publicOrigin: 'https://shop.example', trustProxy: null });
    expect(publicOriginOf('http://shop.example:8443')).toBe('http://shop.example:8443');
  });

  it('without PUBLIC_URL the address the server listens on is the origin', () => {
    expect(readServerConfig({ PORT: '4319' }).publicOrigin).toBe('http://127.0.0.1:4319');
    expect(readServerConfig({ PORT: '4319', HOST: '::1' }).publicOrigin).toBe('http://[::1]:4319');
  });

  it('a shop with an embedded backend and no origin of its own refuses to start: its emails would take the host a request names', () => {
    expect(missingPublicOrigin(readServerConfig({ HOST: '0.0.0.0' }))).toMatch(
      /^PUBLIC_URL is required when the shop listens on every interface \(HOST=0\.0\.0\.0\)/,
    );
    expect(missingPublicOrigin(readServerConfig({ TRUST_PROXY: 'loopback' }))).toContain('behind a proxy (TRUST_PROXY)');
    expect(missingPublicOrigin(readServerConfig({ PORT: '0' }))).toContain('on a random port (PORT=0)');
    // An origin of its own, the development server, or a proxied Magento (its emails are its own): nothing to refuse.
    expect(missingPublicOrigin(readServerConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example' }))).toBeNull();
    expect(missingPublicOrigin(readServerConfig({ PORT: '4319' }))).toBeNull();
    expect(missingPublicOrigin(readServerConfig({ HOST: '0.0.0.0', NODE_ENV: 'development' }))).toBeNull();
    expect(missingPublicOrigin(readServerConfig({ HOST: '0.0.0.0', MAGENTO_BACKEND_URL: 'https://magento.example' }))).toBeNull();
  });

  it('nothing to tell it by (a random port, a wildcard host, a trusted proxy naming the host): no fixed origin', () => {
    expect(readServerConfig({ PORT: '0' }).publicOrigin).toBeNull();
    expect(readServerConfig({ HOST: '0.0.0.0' }).publicOrigin).toBeNull();
    expect(readServerConfig({ TRUST_PROXY: 'loopback' })).toMatchObject({ publicOrigin: null, trustProxy: 'loopback' });
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeNull();
  });

  it('a PUBLIC_URL that is not an http(s) origin is refused with a clear message', () => {
    expect(() => readServerConfig({ PUBLIC_URL: 'shop.example' })).toThrow('PUBLIC_URL must be an http:// or https:// address');
    expect(() => readServerConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow('PUBLIC_URL must be an http:// or https:// address');
    expect(() => readServerConfig({ PUBLIC_URL: 'https://shop.example/store' })).toThrow('PUBLIC_URL must be an origin with no path');
  });
});

describe('DATABASE_URL puts the embedded backend on a PostgreSQL server', () => {
  it('a postgres:// URL is taken as given; none means PGlite in DATA_DIR; anything else is refused', () => {
    expect(readServerConfig({ DATABASE_URL: ' postgres://shop@db:5432/lunette ' }).databaseUrl).toBe('postgres://shop@db:5432/lunette');
    expect(readServerConfig({ DATABASE_URL: 'postgresql://db/lunette' }).databaseUrl).toBe('postgresql://db/lunette');
    expect(readServerConfig({}).databaseUrl).toBeNull();
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://db/lunette' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
  });
});

describe('ADR 037: other origins may call the backend only when CORS_ALLOWED_ORIGINS names them', () => {
  it('none by default; a comma-separated list of origins otherwise', () => {
    expect(readServerConfig({}).allowedOrigins).toEqual([]);
    expect(readServerConfig({ CORS_ALLOWED_ORIGINS: 'https://app.example, http://localhost:3000/' }).allowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:3000',
    ]);
  });

  it('a wildcard, a path or another scheme is refused at start', () => {
    for (const value of ['*', 'https://app.example/shop', 'ftp://app.example', 'app.example'])
      expect(() => allowedOriginsOf(value)).toThrow(/CORS_ALLOWED_ORIGINS must list origins/);
  });
});

describe('ADR 037: the resized images have a disk cap', () => {
  it('MEDIA_CACHE_MAX_MB in megabytes; unset, the backend default; not a whole number, refused', () => {
    expect(readServerConfig({}).mediaCacheMaxBytes).toBeNull();
    expect(readServerConfig({ MEDIA_CACHE_MAX_MB: '64' }).mediaCacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(() => readServerConfig({ MEDIA_CACHE_MAX_MB: '0.5' })).toThrow(/MEDIA_CACHE_MAX_MB must be a whole number/);
  });
});
