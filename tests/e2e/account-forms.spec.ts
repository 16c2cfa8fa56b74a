import { expect, test } from './helpers/test';
import { createCustomerWithAddress, customerTokenOf, fillAddress, signInWithToken } from './helpers/shop-session';

/**
 * The account pages' flows, run by their machines (ADR 009: savedForm, addressBook) against the
 * real server: spec §2 /address-book and /account-information, §7 customer operations.
 */
test.describe('spec §2 account pages run their changes through machines', () => {
  test('/address-book: add an address, make it the default, delete the old one once confirmed', async ({ page, request }, testInfo) => {
    const customer = await createCustomerWithAddress(request, 'Grete', `grete.${testInfo.project.name}.${Date.now()}@example.com`);
    await signInWithToken(page, await customerTokenOf(request, customer.email));
    await page.goto('/ca/address-book');
    await expect(page.getByText('12 King St W')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('heading', { name: 'New address' })).toBeHidden();
    await expect(page.getByText('1 Rue Lumière')).toBeVisible();

    const cards = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Edit / }) });
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Make default Marie Curie' }).click();
    await expect(cards.filter({ hasText: '1 Rue Lumière' }).getByText('Default address')).toBeVisible();

    // A delete asks first; "Keep it" keeps the address.
    await page.getByRole('button', { name: 'Delete Grete Lovelace' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByText('12 King St W')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Grete Lovelace' }).click();
    await page.getByRole('button', { name: 'Yes, delete Grete Lovelace' }).click();
    await expect(page.getByText('12 King St W')).toBeHidden();
    await expect(cards).toHaveCount(1);
  });

  test('/account-information: a saved name is greeted in the header; a wrong current password keeps what was typed', async ({ page, request }, testInfo) => {
    const customer = await createCustomerWithAddress(request, 'Hedy', `hedy.${testInfo.project.name}.${Date.now()}@example.com`);
    await signInWithToken(page, await customerTokenOf(request, customer.email));
    await page.goto('/ca/account-information');

    const name = page.getByRole('region', { name: 'Name' });
    await name.getByLabel('First name').fill('Hedwig');
    await name.getByRole('button', { name: 'Save changes' }).click();
    await expect(name.getByRole('status')).toHaveText('Your details are saved.');
    // The session read the customer again: the header greets the new name.
    await expect(page.getByRole('button', { name: 'Hi, Hedwig' })).toBeVisible();

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('Not#ThePassword1');
    await password.getByLabel('New password').fill('Another#Pass2026');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).not.toBeEmpty();
    await expect(password.getByLabel('Current password')).toHaveValue('Not#ThePassword1');
    await expect(password.getByLabel('New password')).toHaveValue('Another#Pass2026');

    await password.getByLabel('Current password').fill(customer.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText('Your password is changed.');
    await expect(password.getByLabel('Current password')).toHaveValue('');
    await expect(password.getByLabel('New password')).toHaveValue('');
    expect(await customerTokenOf(request, customer.email, 'Another#Pass2026')).not.toBe('');
  });
});
