import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { phoTai } from '../../../test/data/diner';
import { MenuView } from './MenuView';
import type { PublicMenuCategory } from './menu-search';

function longMenu(): PublicMenuCategory[] {
  return ['Khai vị', 'Phở & bún', 'Cơm'].map((name, c) => ({
    _id: `c${c}`,
    name,
    items: Array.from({ length: 5 }, (_, i) => ({
      _id: `c${c}-i${i}`,
      name: `${name} ${i + 1}`,
      description: '',
      nameEn: null,
      descriptionEn: null,
      price: 30_000 + i * 5_000,
      imageUrl: '',
      optionGroups: [],
    })),
  }));
}

describe('MenuView', () => {
  it('shows the first screenful at once and then every dish', async () => {
    render(<MenuView categories={longMenu()} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(9);

    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(15));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Khai vị',
      'Phở & bún',
      'Cơm',
    ]);
  });

  it('as a preview, keeps to the first dishes but lists every category in the bar', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    render(<MenuView categories={longMenu()} preview />);

    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(9);
    // Every pause a background render could be waiting on ends now, and none brings the rest.
    act(() => void vi.runAllTimers());
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(9);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Khai vị', 'Phở & bún', 'Cơm']);
  });

  it('goes to a category chosen before its dishes are on the page', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    render(<MenuView categories={longMenu()} />);
    expect(screen.queryByRole('heading', { level: 2, name: 'Cơm' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Cơm' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Cơm' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollIntoView.mock.contexts).toContain(heading.closest('section'));
  });

  it('names the options a dish offers, without a way to order on the read-only menu', () => {
    render(<MenuView categories={[{ _id: 'c0', name: 'Phở', items: [phoTai] }]} />);

    const card = screen.getByRole('heading', { level: 3, name: 'Phở tái' }).closest('article')!;
    expect(card).toHaveTextContent('Choose: size, preferences');
    expect(screen.queryByRole('button', { name: /Phở tái/ })).not.toBeInTheDocument();
  });
});
