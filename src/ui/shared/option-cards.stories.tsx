import preview from '../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckboxCards, RadioCards, type OptionCardChoice } from './option-cards';
import type { PriceDifference } from '../../machines/customise/customise-choices';
import { PriceDifferenceText } from './price-difference';

/**
 * Option cards: a choice with a one-line explanation and its price, as the lens wizard
 * shows lens types, indexes and coatings. A radio group (`RadioCards`) or checkboxes
 * (`CheckboxCards`) with the platform's keyboard: Tab enters the group at the chosen card, the arrow
 * keys move and choose, Space toggles a checkbox.
 */
/** A card's data: its value, title, explanation and price difference (in CAD). */
const card = (value: string, title: string, detail: string, difference: PriceDifference): OptionCardChoice => ({
  value,
  title,
  detail,
  price: <PriceDifferenceText difference={difference} currency="CAD" />,
});

const LENSES: OptionCardChoice[] = [
  card('i-150', '1.50 Standard', 'Everyday lenses, fine for mild prescriptions (up to ±2.00).', { kind: 'included' }),
  card('i-159', '1.59 Polycarbonate', 'Light and impact-resistant: for children, sport and rimless frames.', { kind: 'more', amount: 40.8 }),
  card('i-161', '1.61 Thin', 'Thinner and lighter, for moderate prescriptions (up to ±4.00).', { kind: 'more', amount: 68 }),
  card('i-167', '1.67 Extra thin', 'Your prescription needs 1.67 lenses or thinner.', { kind: 'more', amount: 122.4 }),
];

interface RadioArgs {
  legend: string;
  showLegend: boolean;
  initial: string | null;
  /** Makes the last card one that cannot be chosen now. */
  lastDisabled: boolean;
  onChoose: (value: string) => void;
}

/** The cards keep the chosen value as a wizard step's machine would. */
function ControlledRadioCards({ legend, showLegend, initial, lastDisabled, onChoose }: RadioArgs) {
  const [chosen, setChosen] = useState<string | null>(initial);
  return (
    <RadioCards
      name="lens-index"
      legend={legend}
      showLegend={showLegend}
      chosen={chosen}
      onChoose={(value) => {
        setChosen(value);
        onChoose(value);
      }}
      choices={LENSES.map((c, i) => ({ ...c, disabled: lastDisabled && i === LENSES.length - 1 }))}
    />
  );
}

// `onToggle` is the Checkboxes story's own action (a CheckboxCards group), not a radio group's property.
const meta = preview.type<{ args: { onToggle?: (value: string) => void } }>().meta({
  title: 'Shared/Option cards',
  component: ControlledRadioCards,
  tags: ['autodocs'],
  args: { legend: 'Lens index', showLegend: true, initial: 'i-150', lastDisabled: true, onChoose: fn() },
  argTypes: {
    legend: { control: 'text', description: 'The group’s name (a fieldset legend)' },
    showLegend: { control: 'boolean', description: 'Show the legend, or keep it for screen readers when a heading says it' },
    initial: { control: 'inline-radio', options: [null, ...LENSES.map((l) => l.value)], description: 'The card chosen at first' },
    lastDisabled: { control: 'boolean', description: 'The last card cannot be chosen now (its detail says why)' },
    onChoose: { description: 'Called with the value the shopper chose' },
  },
});

export const LensIndexes = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Lens index' });
    // The card's name is its title; its explanation and price describe it.
    const standard = within(group).getByRole('radio', { name: '1.50 Standard' });
    await expect(standard).toBeChecked();
    await expect(standard).toHaveAccessibleDescription('Everyday lenses, fine for mild prescriptions (up to ±2.00). Included');
    await expect(within(group).getByRole('radio', { name: '1.67 Extra thin' })).toBeDisabled();
  },
});

/**
 * At 375 px the lens step's "Recommended for your prescription" mark wraps onto several lines: its
 * text stays inside the mark's rounded shape (spec §9 layout at 375 px; a pill's round ends clipped
 * the first and last words).
 */
export const RecommendedOnPhone = meta.story({
  globals: { viewport: { value: 'phone' } },
  render: function Render() {
    return (
      <RadioCards
        name="lens-index"
        legend="Lens index"
        chosen="i-150"
        onChoose={() => undefined}
        choices={LENSES.map((c) => (c.value === 'i-161' ? { ...c, badge: 'Recommended for your prescription' } : c))}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const badge = await within(canvasElement).findByText('Recommended for your prescription');
    const box = badge.getBoundingClientRect();
    const radius = Math.min(parseFloat(getComputedStyle(badge).borderTopLeftRadius), box.width / 2, box.height / 2);
    const range = document.createRange();
    range.selectNodeContents(badge);
    const lines = [...range.getClientRects()];
    // The mark wraps at this width (else there is nothing to check).
    await expect(new Set(lines.map((line) => Math.round(line.top))).size).toBeGreaterThan(1);
    /** How far a point lies outside the rounded box (0 inside). */
    const outside = (x: number, y: number) => {
      const cx = Math.min(Math.max(x, box.left + radius), box.right - radius);
      const cy = Math.min(Math.max(y, box.top + radius), box.bottom - radius);
      return Math.max(0, Math.hypot(x - cx, y - cy) - radius);
    };
    for (const line of lines) {
      const corners = [outside(line.left, line.top), outside(line.right, line.top), outside(line.left, line.bottom), outside(line.right, line.bottom)];
      await expect(Math.max(...corners)).toBeLessThan(1);
    }
  },
});

/** The keyboard alone: Tab lands on the chosen card, the arrows choose the next ones, and skip the one that cannot be chosen. */
export const KeyboardSelection = meta.story({
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: '1.59 Polycarbonate' })).toBeChecked();
    await expect(args.onChoose).toHaveBeenLastCalledWith('i-159');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}');
    // 1.67 is disabled: the arrows wrap round to the first card.
    await expect(canvas.getByRole('radio', { name: '1.50 Standard' })).toBeChecked();
    await expect(args.onChoose).toHaveBeenLastCalledWith('i-150');
    await expect(canvas.getByRole('radio', { name: '1.67 Extra thin' })).not.toBeChecked();
  },
});

export const NothingChosenYet = meta.story({
  args: { initial: null, lastDisabled: false },
  play: async ({ canvasElement }) => {
    for (const radio of await within(canvasElement).findAllByRole('radio')) await expect(radio).not.toBeChecked();
  },
});

/** Coatings: any number of cards, each toggled with Space. */
export const Checkboxes = meta.story({
  args: { onToggle: fn() },
  render: function Render({ onToggle }) {
    const [chosen, setChosen] = useState<string[]>(['k-ar']);
    return (
      <CheckboxCards
        name="coatings"
        legend="Lens coatings"
        showLegend
        chosen={chosen}
        onToggle={(value) => {
          setChosen((c) => (c.includes(value) ? c.filter((v) => v !== value) : [...c, value]));
          onToggle?.(value);
        }}
        choices={[
          card('k-ar', 'Anti-reflective', 'Cuts glare and reflections.', { kind: 'added', amount: 34 }),
          card('k-blue', 'Blue-light filter', 'Filters part of the blue light of screens.', { kind: 'added', amount: 47.6 }),
        ]}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'Anti-reflective' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Blue-light filter' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Anti-reflective' })).toBeChecked();
    await expect(args.onToggle).toHaveBeenCalledWith('k-blue');
  },
});

/** A card marked for the shopper ("Recommended for your prescription"), the mark read before its explanation. */
export const RecommendedCard = meta.story({
  args: { onChoose: fn() },
  render: ({ onChoose }) => (
    <RadioCards
      name="lens-index"
      legend="Lens index"
      showLegend
      chosen="i-150"
      onChoose={onChoose}
      choices={LENSES.map((c) => (c.value === 'i-161' ? { ...c, badge: 'Recommended for your prescription' } : c))}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: '1.61 Thin' })).toHaveAccessibleDescription(
      'Recommended for your prescription Thinner and lighter, for moderate prescriptions (up to ±4.00). + $68.00',
    );
  },
});

/** Short choices (a frame's colours and sizes) as compact cards, several to a row on a phone too. */
export const CompactChoices = meta.story({
  args: { onChoose: fn() },
  render: function Render({ onChoose }) {
    const [chosen, setChosen] = useState<string | null>('m');
    return (
      <RadioCards
        name="size"
        legend="Size"
        showLegend
        compact
        chosen={chosen}
        onChoose={(value) => {
          setChosen(value);
          onChoose(value);
        }}
        choices={[
          { value: 's', title: 'S' },
          { value: 'm', title: 'M' },
          { value: 'l', title: 'L', detail: '(out of stock)' },
        ]}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'S' }));
    await expect(args.onChoose).toHaveBeenCalledWith('s');
    await expect(canvas.getByRole('radio', { name: 'L' })).toHaveAccessibleDescription('(out of stock)');
  },
});
