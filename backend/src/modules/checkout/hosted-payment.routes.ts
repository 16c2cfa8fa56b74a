import express, { type Router } from 'express';
import type { RouteDeps } from '../../module';
import { findPaymentMethod } from '../cart/payment-methods';
import { DECISIONS, type PaymentDecision, returnUrlOf, sessionOf } from './hosted-payment.queries';
import { hostedPage } from './hosted-payment.views';
import { findOrderById } from './order.queries';

export function hostedPaymentRoutes(router: Router, deps: RouteDeps): void {
  router.get('/hosted-payment/:token', async (req, res) => {
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    if (!session || !order) {
      res.status(404).type('html').send('<!doctype html><title>LunettePay</title><p>This payment link is unknown or has expired.</p>');
      return;
    }
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(hostedPage(order, session.status, findPaymentMethod(session.method)!.title, session.token));
  });
  router.post('/hosted-payment/:token', express.urlencoded({ extended: false }), async (req, res) => {
    const decision = String((req.body as Record<string, unknown> | undefined)?.decision ?? '') as PaymentDecision;
    const session = await sessionOf(deps.db, req.params.token);
    const order = session ? await findOrderById(deps.db, session.order_id) : null;
    if (!session || !order || !DECISIONS.includes(decision)) {
      res.status(400).type('html').send('<!doctype html><title>LunettePay</title><p>Unknown payment or decision.</p>');
      return;
    }
    const origin = deps.config.publicOrigin ?? `${req.protocol}://${req.host}`;
    const url = await deps.db.transaction((tx) => returnUrlOf(tx, session, order, decision, origin));
    res.redirect(303, url);
  });
}
