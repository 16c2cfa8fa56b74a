import { ApolloClient, ApolloLink, Observable, type FetchResult } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createShopCache } from '../apollo/cache';
import { routeImplementations, toRouteAnswer } from './route.actors';

function resolveWith(result: FetchResult, url = '/eyeglasses.html') {
  const client = new ApolloClient({ cache: createShopCache(), link: new ApolloLink(() => Observable.of(result)) });
  const actor = createActor(routeImplementations({ client, assign: () => {} }).actors.resolveRoute, { input: { url } });
  return new Promise((resolve, reject) => {
    actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject });
    actor.start();
  });
}

describe('route actors', () => {
  it('spec §3 Route answer: type, uid, identifier, typename, redirect_code and relative_url', async () => {
    const answer = await resolveWith({
      data: { route: { __typename: 'CategoryTree', relative_url: 'eyeglasses.html', redirect_code: 0, type: 'CATEGORY', uid: 'Mw==' } },
    });
    expect(answer).toEqual({
      type: 'CATEGORY',
      uid: 'Mw==',
      identifier: null,
      url_key: null,
      typename: 'CategoryTree',
      redirect_code: 0,
      relative_url: 'eyeglasses.html',
    });
  });

  it('spec §2: a product answer carries the url_key its page loads by, a CMS page its identifier', async () => {
    const product = await resolveWith(
      {
        data: {
          route: {
            __typename: 'ConfigurableProduct',
            relative_url: 'aurora-cat-eye.html',
            redirect_code: 0,
            type: 'PRODUCT',
            uid: 'MQ==',
            url_key: 'aurora-cat-eye',
          },
        },
      },
      '/aurora-cat-eye.html',
    );
    expect(product).toMatchObject({ type: 'PRODUCT', uid: 'MQ==', url_key: 'aurora-cat-eye' });
    const cms = await resolveWith(
      { data: { route: { __typename: 'CmsPage', relative_url: 'about-us', redirect_code: 0, type: 'CMS_PAGE', identifier: 'about-us' } } },
      '/about-us',
    );
    expect(cms).toMatchObject({ type: 'CMS_PAGE', identifier: 'about-us' });
  });

  it('spec §2: an unknown URL (null route, or only GraphQL errors) is "no route", not a failure', async () => {
    await expect(resolveWith({ data: { route: null } })).resolves.toBeNull();
    await expect(resolveWith({ data: { route: null }, errors: [{ message: 'No such entity.' }] as never })).resolves.toBeNull();
    expect(toRouteAnswer(null)).toBeNull();
  });
});
