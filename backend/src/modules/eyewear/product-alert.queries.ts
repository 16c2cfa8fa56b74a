import { many, one, type Queryable } from '../../db/database';
import { newOpaqueToken } from '../../shared/secure-tokens';

/**
 * Stock and price alerts (Magento_ProductAlert, which has no GraphQL in Open Source). Unsubscribe
 * links carry a per-alert hash, so they work from an email without signing in.
 */
export type AlertType = 'stock' | 'price';

export interface AlertRow {
  id: number;
  customer_id: number;
  product_id: number;
  alert_type: AlertType;
  hash: string;
  store_code: string;
  created_at: Date;
}

export async function subscribeAlert(
  q: Queryable,
  customerId: number,
  productId: number,
  type: AlertType,
  priceUsd: number,
  storeCode: string,
  now: Date,
): Promise<AlertRow> {
  await q.query(
    `INSERT INTO product_alert (customer_id, product_id, alert_type, price_usd, hash, store_code, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (customer_id, product_id, alert_type) DO NOTHING`,
    [customerId, productId, type, priceUsd, newOpaqueToken(16), storeCode, now],
  );
  return (await one<AlertRow>(q, 'SELECT * FROM product_alert WHERE customer_id = $1 AND product_id = $2 AND alert_type = $3', [customerId, productId, type]))!;
}

export const alertsOfCustomer = (q: Queryable, customerId: number) =>
  many<AlertRow>(q, 'SELECT * FROM product_alert WHERE customer_id = $1 ORDER BY id', [customerId]);

export const findAlertById = (q: Queryable, id: number) => one<AlertRow>(q, 'SELECT * FROM product_alert WHERE id = $1', [id]);

/** The alert an unsubscribe link names (product, type and the alert's hash). */
export const findAlertByLink = (q: Queryable, productId: number, type: AlertType, hash: string) =>
  one<AlertRow>(q, 'SELECT * FROM product_alert WHERE product_id = $1 AND alert_type = $2 AND hash = $3', [productId, type, hash]);

export async function deleteAlert(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM product_alert WHERE id = $1', [id]);
}
