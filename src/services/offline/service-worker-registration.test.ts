import { describe, expect, it, vi } from 'vitest';
import { CACHE_URLS_MESSAGE, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, WARM_MEDIA_MESSAGE } from './service-worker-messages';
import { buildFilesToWarm, registerShopServiceWorker, type ServiceWorkerClient, type ServiceWorkerEnvironment } from './service-worker-registration';

type Listener = (event: { isUpdate?: boolean }) => void;

function fakeClient(register: () => Promise<unknown> = async () => ({})) {
  const listeners = new Map<string, Listener>();
  const client: ServiceWorkerClient & { emit(type: string, event?: { isUpdate?: boolean }): void } = {
    addEventListener: (type, listener) => void listeners.set(type, listener),
    register: vi.fn(register),
    messageSkipWaiting: vi.fn(),
    messageSW: vi.fn(async () => true),
    emit: (type, event = {}) => listeners.get(type)?.(event),
  };
  return client;
}

function environment(overrides: Partial<ServiceWorkerEnvironment> = {}) {
  const client = fakeClient();
  const pageHideListeners: Array<() => void> = [];
  const env: ServiceWorkerEnvironment = {
    isProduction: true,
    supportsServiceWorker: true,
    whenLoaded: async () => {},
    onPageHide: (listener) => void pageHideListeners.push(listener),
    createClient: vi.fn(async () => client),
    loadedUrls: () => [],
    origin: 'https://shop.example',
    warn: vi.fn(),
    ...overrides,
  };
  return { env, client, hidePage: () => pageHideListeners.splice(0).forEach((listener) => listener()) };
}

describe('registerShopServiceWorker', () => {
  it('registers nothing in development builds (dev server, Storybook, vitest)', async () => {
    const { env } = environment({ isProduction: false });
    await expect(registerShopServiceWorker(env)).resolves.toBe('not-production');
    expect(env.createClient).not.toHaveBeenCalled();
  });

  it('registers nothing where the browser has no service workers', async () => {
    const { env } = environment({ supportsServiceWorker: false });
    await expect(registerShopServiceWorker(env)).resolves.toBe('unsupported');
    expect(env.createClient).not.toHaveBeenCalled();
  });

  it('registers the built worker for the whole site once the page has loaded', async () => {
    let loaded: () => void = () => {};
    const { env, client } = environment({ whenLoaded: () => new Promise<void>((resolve) => (loaded = resolve)) });
    const outcome = registerShopServiceWorker(env);
    await Promise.resolve();
    expect(env.createClient).not.toHaveBeenCalled();
    loaded();
    await expect(outcome).resolves.toBe('registered');
    expect(env.createClient).toHaveBeenCalledWith(SERVICE_WORKER_URL, SERVICE_WORKER_SCOPE);
    expect(client.register).toHaveBeenCalledOnce();
  });

  it('an update waits: the new worker is told to take over only when the page goes away, never mid-visit', async () => {
    const { env, client, hidePage } = environment();
    await registerShopServiceWorker(env);
    client.emit('waiting');
    expect(client.messageSkipWaiting).not.toHaveBeenCalled();
    hidePage();
    expect(client.messageSkipWaiting).toHaveBeenCalledOnce();
  });

  it('on the first activation the worker is handed the build files, and apart the images to fetch as images (WebP)', async () => {
    const { env, client } = environment({
      loadedUrls: () => [
        'https://shop.example/assets/index-a.js',
        'https://shop.example/graphql?query=x',
        'https://shop.example/media/a.jpg',
        'https://cdn.example/assets/b.js',
      ],
    });
    await registerShopServiceWorker(env);
    client.emit('activated', { isUpdate: false });
    expect(client.messageSW).toHaveBeenCalledWith({ type: CACHE_URLS_MESSAGE, payload: { urlsToCache: ['https://shop.example/assets/index-a.js'] } });
    expect(client.messageSW).toHaveBeenCalledWith({ type: WARM_MEDIA_MESSAGE, payload: { urls: ['https://shop.example/media/a.jpg'] } });
    client.emit('activated', { isUpdate: true });
    expect(client.messageSW).toHaveBeenCalledTimes(2);
  });

  it('a failed registration is reported and the shop carries on', async () => {
    const { env } = environment({ createClient: async () => fakeClient(() => Promise.reject(new Error('SecurityError'))) });
    await expect(registerShopServiceWorker(env)).resolves.toBe('failed');
    expect(env.warn).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });
});

describe('buildFilesToWarm', () => {
  it('keeps same-origin build files and images once each, never GraphQL reads', () => {
    expect(
      buildFilesToWarm(
        ['/assets/a.js', 'https://shop.example/assets/a.js', 'https://shop.example/graphql?query=q', 'https://shop.example/rest/V1/x'],
        'https://shop.example',
      ),
    ).toEqual(['https://shop.example/assets/a.js']);
  });
});
