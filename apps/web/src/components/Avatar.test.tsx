import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, avatarColors, avatarColorsStorageKey, getInitials } from './Avatar';

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('getInitials', () => {
  it('takes the first letter of each word, upper case', () => {
    expect(getInitials('Nguyễn Văn An')).toBe('NVA');
    expect(getInitials('trần thị bình')).toBe('TTB');
  });

  it('keeps Vietnamese initials with their accents', () => {
    expect(getInitials('đặng ánh')).toBe('ĐÁ');
  });

  it('handles a single word', () => {
    expect(getInitials('An')).toBe('A');
  });

  it('ignores extra spaces', () => {
    expect(getInitials('  Lê   Minh  ')).toBe('LM');
    expect(getInitials('   ')).toBe('');
  });
});

describe('Avatar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the initials and names the person', () => {
    render(<Avatar name="Nguyễn Văn An" />);
    expect(screen.getByRole('img', { name: 'Nguyễn Văn An' })).toHaveTextContent('NVA');
  });

  it('has ten preset colours', () => {
    expect(new Set(avatarColors).size).toBe(10);
  });

  it('paints its background with one of the preset colours', () => {
    render(<Avatar name="Nguyễn Văn An" />);
    const background = screen.getByRole('img').style.backgroundColor;
    expect(avatarColors.map(hexToRgb)).toContain(background);
  });

  it('picks the colour at random', () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.99);
    render(
      <>
        <Avatar name="First" />
        <Avatar name="Last" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'First' }).style.backgroundColor).toBe(hexToRgb(avatarColors[0]));
    expect(screen.getByRole('img', { name: 'Last' }).style.backgroundColor).toBe(hexToRgb(avatarColors[9]));
  });

  it('keeps the colour picked for a person on this device: the same on the next page and after a reload', () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.35).mockReturnValue(0.99);
    const first = render(<Avatar name="Trần Thị Bình" />);
    expect(screen.getByRole('img').style.backgroundColor).toBe(hexToRgb(avatarColors[3]));
    first.unmount();
    render(<Avatar name="Trần Thị Bình" />);
    expect(screen.getByRole('img').style.backgroundColor).toBe(hexToRgb(avatarColors[3]));
    expect(JSON.parse(localStorage.getItem(avatarColorsStorageKey) ?? '{}')).toEqual({
      'Trần Thị Bình': avatarColors[3],
    });
  });

  it('keeps its colour when it re-renders', () => {
    const { rerender } = render(<Avatar name="An" />);
    const first = screen.getByRole('img').style.backgroundColor;
    vi.spyOn(Math, 'random').mockReturnValue(first === hexToRgb(avatarColors[0]) ? 0.99 : 0);
    rerender(<Avatar name="An Nguyen" />);
    expect(screen.getByRole('img').style.backgroundColor).toBe(first);
  });
});
