import { ApolloClient, ApolloLink, gql, Observable } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createShopCache } from '../apollo/cache';
import { prescriptionFixImplementations } from './prescription-pages.actors';

/** The order detail's shape of `Customer.orders` (Magento 2.4), as this browser keeps it. */
const KEPT_ORDER = gql`
  query KeptOrder($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }) {
        items {
          number
          items {
            id
            entered_options {
              label
              value
            }
          }
        }
      }
    }
  }
`;

const FIXED = {
  lunetteFixOrderPrescription: {
    __typename: 'LunettePrescriptionFixResult',
    order_number: '000000010',
    order_item_uid: 'MTI=',
    link_open: true,
    fixed_at: '2026-12-03 01:00:00',
    prescription: null,
  },
};

describe('ADR 041: a correction through the fix link is not hidden by the order this browser kept', () => {
  it('a confirmed correction drops the customer’s kept orders, so the order detail asks the backend again', async () => {
    const client = new ApolloClient({ cache: createShopCache(), link: new ApolloLink(() => Observable.of({ data: FIXED })) });
    client.writeQuery({
      query: KEPT_ORDER,
      variables: { number: '000000010' },
      data: {
        customer: {
          __typename: 'Customer',
          orders: {
            __typename: 'CustomerOrders',
            items: [
              {
                __typename: 'CustomerOrder',
                number: '000000010',
                items: [
                  {
                    __typename: 'OrderItem',
                    id: 'MTI=',
                    entered_options: [{ __typename: 'OrderItemOption', label: 'Prescription', value: '{"od":{"sph":-1.5}}' }],
                  },
                ],
              },
            ],
          },
        },
      },
    });
    expect(client.readQuery({ query: KEPT_ORDER, variables: { number: '000000010' } })).not.toBeNull();

    const { actors } = prescriptionFixImplementations({ client });
    const fixed = await toPromise(
      createActor(actors.fixPrescription, {
        input: {
          orderNumber: '000000010',
          key: 'k',
          lineUid: 'MTI=',
          prescription: {
            usage: 'SINGLE_VISION_DISTANCE',
            exam_date: '2026-11-01',
            od: { sph: -1.75, cyl: 0, axis: null, add: null },
            os: { sph: -1.5, cyl: 0, axis: null, add: null },
            pd: { single: 63, right: null, left: null },
          },
          comment: null,
        },
      }).start(),
    );

    expect(fixed).toEqual({ orderNumber: '000000010', lineUid: 'MTI=', linkOpen: true });
    expect(client.readQuery({ query: KEPT_ORDER, variables: { number: '000000010' } })).toBeNull();
  });
});
