import preview from '../../../.storybook/preview';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HomePage } from './home-page';
import { slow } from '../shared/story-fixtures';

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Home (spec §2 "/"): the store's CMS home content. */
const meta = preview.meta({
  title: 'Home/Home page',
  component: HomePage,
  render: () => (
    <main style={{ padding: '1rem' }}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </main>
  ),
});

export const Filled = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Find your frame' }, slow)).toBeVisible();
    // links in CMS content navigate inside the app
    await userEvent.click(await canvas.findByRole('link', { name: 'Shop eyeglasses' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/eyeglasses.html'));
  },
});

export const Phone = meta.story({
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Find your frame' }, slow)).toBeVisible();
  },
});
