import express, { type Router } from 'express';
import type { Queryable } from '../../db/database';
import type { RouteDeps } from '../../module';
import { findStoreView, listStoreViews } from '../store/store-views';
import { DECISIONS, type PaymentDecision, returnUrlOf, sessionOf } from './hosted-payment.queries';
import { HOSTED_PAGE_UNKNOWN_DECISION, HOSTED_PAGE_UNKNOWN_LINK, hostedPage, unknownPaymentPage } from './hosted-payment.views';
import { findOrderById, type OrderRow } from './order.queries';

/**
 * The language the page speaks: the redirect's `locale` when it is a store view's (as a provider
 * takes only the locales it has), else the order's store view's, else English.
 */
async function pageLocale(q: Queryable, asked: unknown, order: OrderRow | null): Promise<string> {
  const locales = new Set((await listStoreViews(q)).map((view) => view.locale));
  if (typeof asked === 'string' && locales.has(asked)) return asked;
  return (order && (await findStoreView(q, order.store_code))?.locale) || 'en_US';
}

export function hostedPaymentRoutes(router: Router, deps: RouteDeps): void {
  router.get('/hosted-payment/:token', async (req, res) => {
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    const locale = await pageLocale(deps.db, req.query.locale, order);
    if (!session || !order) {
      res.status(404).type('html').send(unknownPaymentPage(locale, HOSTED_PAGE_UNKNOWN_LINK));
      return;
    }
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(hostedPage(order, session.status, locale, session.token));
  });
  router.post('/hosted-payment/:token', express.urlencoded({ extended: false }), async (req, res) => {
    const decision = String((req.body as Record<string, unknown> | undefined)?.decision ?? '') as PaymentDecision;
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    if (!session || !order || !DECISIONS.includes(decision)) {
      res
        .status(400)
        .type('html')
        .send(unknownPaymentPage(await pageLocale(deps.db, req.query.locale, order), HOSTED_PAGE_UNKNOWN_DECISION));
      return;
    }
    const origin = deps.config.publicOrigin ?? `${req.protocol}://${req.host}`;
    const url = await deps.db.transaction((tx) => returnUrlOf(tx, session, order, decision, origin));
    res.redirect(303, url);
  });
}
