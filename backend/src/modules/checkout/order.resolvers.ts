import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { requireArgument } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { requireCustomerId } from '../customer/customer-auth';
import { findGuestOrder, findGuestOrderByToken } from './order.queries';
import { customerOrders, loadOrderNode } from './order.views';

/** Orders: the customer's own (`Customer.orders`, `customerOrders`) and a guest's (by number, email and last name, or by token). */
export function orderResolvers(deps: ModuleDeps): Resolvers {
  return {
    Customer: {
      orders: (customer, args, ctx) => customerOrders(ctx.db, customer.__customerId, args),
    },
    Query: {
      customerOrders: async (_root, _args, ctx) => customerOrders(ctx.db, await requireCustomerId(ctx, deps), {}),
      guestOrder: async (_root, args, ctx) => {
        const input = args.input ?? {};
        const order = await findGuestOrder(ctx.db, {
          number: requireArgument(input.number, 'number'),
          email: requireArgument(input.email, 'email'),
          lastname: requireArgument(input.lastname, 'lastname'),
          storeCode: ctx.store.code,
        });
        return loadOrderNode(ctx.db, order);
      },
      guestOrderByToken: async (_root, args, ctx) => {
        const token = requireArgument(args.input?.token, 'token');
        return loadOrderNode(ctx.db, await findGuestOrderByToken(ctx.db, { token, storeCode: ctx.store.code }));
      },
    },
  };
}
