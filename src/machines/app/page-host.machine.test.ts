import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { linkRequestMachine, type LinkRequestOutput } from '../link-request/link-request.machine';
import { pageHostMachine, selectPageActor, selectPageFailed, type LoadedPage, type PageRequest } from './page-host.machine';

/** A page machine that records its start and its stop (its callback's cleanup: the try-on's camera, a timer). */
function recordingPage(log: string[], name: string) {
  return createMachine({
    id: name,
    invoke: {
      src: fromCallback(() => {
        log.push(`${name} started`);
        return () => log.push(`${name} stopped`);
      }),
    },
  });
}

/** The host with a registry that answers each request at once (or never, or with a failure) and counts the loads. */
function startHost(load: (request: PageRequest) => Promise<LoadedPage>) {
  const loads: PageRequest[] = [];
  const host = createActor(
    pageHostMachine.provide({
      actors: {
        loadPage: fromPromise<LoadedPage, PageRequest>(({ input }) => {
          loads.push(input);
          return load(input);
        }),
      },
    }),
  ).start();
  const actorOf = (systemId: string, key: string) => selectPageActor(host.getSnapshot(), systemId, key);
  return { host, loads, actorOf };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const wizard = (key: string, pathname = '/customize/frame'): PageRequest => ({ systemId: 'customise', key, pathname, args: { key } });

describe('ADR 009: the page host owns the page machines’ lives', () => {
  it('a page machine entered with its route runs in the system under its systemId, and is stopped when its route is left', async () => {
    const log: string[] = [];
    const { host, actorOf } = startHost(async () => ({ logic: recordingPage(log, 'wizard'), input: undefined }));
    host.send({ type: 'pages.entered', page: wizard('a') });
    expect(actorOf('customise', 'a')).toBeNull(); // its code loads first
    await settle();
    const running = actorOf('customise', 'a') as AnyActorRef;
    expect(running.getSnapshot().status).toBe('active');
    expect(host.system.get('customise')).toBe(running);
    expect(log).toEqual(['wizard started']);

    // A step of the same wizard changes only the query: the route is the same, the machine runs on.
    host.send({ type: 'pages.route.entered', pathname: '/customize/frame' });
    expect(running.getSnapshot().status).toBe('active');

    host.send({ type: 'pages.route.entered', pathname: '/cart' });
    expect(running.getSnapshot().status).toBe('stopped');
    expect(log).toEqual(['wizard started', 'wizard stopped']);
    expect(host.system.get('customise')).toBeUndefined();
    expect(actorOf('customise', 'a')).toBeNull();
  });

  it('the same page asked for again (a second mount, a re-render) keeps its machine; another key replaces it', async () => {
    const log: string[] = [];
    let made = 0;
    const { host, loads, actorOf } = startHost(async () => ({ logic: recordingPage(log, `wizard ${++made}`), input: undefined }));
    host.send({ type: 'pages.entered', page: wizard('a') });
    host.send({ type: 'pages.entered', page: wizard('a') });
    await settle();
    const first = actorOf('customise', 'a');
    host.send({ type: 'pages.entered', page: wizard('a') });
    expect(loads).toHaveLength(1);
    expect(actorOf('customise', 'a')).toBe(first);

    host.send({ type: 'pages.entered', page: wizard('b') });
    expect(first?.getSnapshot().status).toBe('stopped');
    await settle();
    expect(actorOf('customise', 'a')).toBeNull();
    expect(actorOf('customise', 'b')?.getSnapshot().status).toBe('active');
    expect(log).toEqual(['wizard 1 started', 'wizard 1 stopped', 'wizard 2 started']);
  });

  it('a route left while its machine’s code loads starts nothing; a load overtaken by another key is dropped', async () => {
    const log: string[] = [];
    const answers: Array<(loaded: LoadedPage) => void> = [];
    const { host, actorOf } = startHost(() => new Promise<LoadedPage>((resolve) => answers.push(resolve)));
    host.send({ type: 'pages.entered', page: wizard('a') });
    host.send({ type: 'pages.route.entered', pathname: '/cart' });
    answers[0]!({ logic: recordingPage(log, 'late'), input: undefined });
    await settle();
    expect(host.system.get('customise')).toBeUndefined();

    host.send({ type: 'pages.entered', page: wizard('b', '/cart') });
    host.send({ type: 'pages.entered', page: wizard('c', '/cart') });
    answers[1]!({ logic: recordingPage(log, 'b'), input: undefined });
    answers[2]!({ logic: recordingPage(log, 'c'), input: undefined });
    await settle();
    expect(actorOf('customise', 'c')?.getSnapshot().status).toBe('active');
    expect(log).toEqual(['c started']);
  });

  it('a page’s input is the registry’s', async () => {
    const seen: unknown[] = [];
    const page = createMachine({ id: 'page', context: ({ input }) => (seen.push(input), {}) });
    const { host } = startHost(async (request) => ({ logic: page, input: request.args }));
    host.send({ type: 'pages.entered', page: { systemId: 'prescriptionFix', key: 'x', pathname: '/prescriptionfix/1/x', args: { orderNumber: '1' } } });
    await settle();
    expect(seen).toEqual([{ orderNumber: '1' }]);
  });

  describe('spec §2 link pages: a link acts once per page load', () => {
    /** A link's machine whose request is answered by `request` (counted), as the registry builds it. */
    const linkHost = (request: () => Promise<LinkRequestOutput>) =>
      startHost(async () => ({ logic: linkRequestMachine.provide({ actors: { request: fromPromise(request) } }), input: {} }));
    const unsubscribe = (key: string): PageRequest => ({ systemId: 'alertUnsubscription', key, pathname: `/unsubscribe/${key}`, args: {}, stays: true });

    it('the same link asked again (a second mount, coming back after its route was left) finds its machine and its answer; its request ran once', async () => {
      let answer: (output: LinkRequestOutput) => void = () => undefined;
      const request = vi.fn(() => new Promise<LinkRequestOutput>((resolve) => (answer = resolve)));
      const { host, loads, actorOf } = linkHost(request);
      host.send({ type: 'pages.entered', page: unsubscribe('12') });
      host.send({ type: 'pages.entered', page: unsubscribe('12') });
      await settle();
      const link = actorOf('alertUnsubscription', '12')!;
      expect(host.system.get('alertUnsubscription:12')).toBe(link);
      answer({ at: 1, answer: { productName: 'Juno Aviator', productPath: null } });
      await settle();
      expect(link.getSnapshot().value).toBe('done');

      host.send({ type: 'pages.route.entered', pathname: '/cart' });
      expect(link.getSnapshot().status).toBe('active');
      host.send({ type: 'pages.route.entered', pathname: '/unsubscribe/12' });
      host.send({ type: 'pages.entered', page: unsubscribe('12') });
      expect(actorOf('alertUnsubscription', '12')).toBe(link);
      expect(link.getSnapshot().value).toBe('done');
      expect(loads).toHaveLength(1);
      expect(request).toHaveBeenCalledTimes(1);
    });

    it('another link has a machine of its own beside the first, and a retry after a failure sends one more request', async () => {
      const request = vi.fn((): Promise<LinkRequestOutput> => Promise.reject({ kind: 'retryable', detail: null }));
      const { host, actorOf } = linkHost(request);
      host.send({ type: 'pages.entered', page: unsubscribe('12') });
      await settle();
      const first = actorOf('alertUnsubscription', '12')!;
      await settle();
      expect(first.getSnapshot().value).toBe('failed');
      first.send({ type: 'link.retry' });
      await settle();
      expect(request).toHaveBeenCalledTimes(2);

      host.send({ type: 'pages.entered', page: unsubscribe('13') });
      await settle();
      const second = actorOf('alertUnsubscription', '13')!;
      expect(second).not.toBe(first);
      expect(first.getSnapshot().status).toBe('active');
      expect(actorOf('alertUnsubscription', '12')).toBe(first);
      await settle();
      expect(request).toHaveBeenCalledTimes(3);
    });
  });

  it('a page machine whose code cannot load (offline) is marked failed; asking again loads it again', async () => {
    let online = false;
    const log: string[] = [];
    const { host, actorOf } = startHost(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { logic: recordingPage(log, 'wizard'), input: undefined };
    });
    host.send({ type: 'pages.entered', page: wizard('a') });
    await settle();
    expect(selectPageFailed(host.getSnapshot(), 'customise', 'a')).toBe(true);
    online = true;
    host.send({ type: 'pages.entered', page: wizard('a') });
    await settle();
    expect(selectPageFailed(host.getSnapshot(), 'customise', 'a')).toBe(false);
    expect(actorOf('customise', 'a')?.getSnapshot().status).toBe('active');
  });
});
