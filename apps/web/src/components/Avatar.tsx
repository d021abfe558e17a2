import { useState } from 'react';

/** Ten dark enough backgrounds for white initials to keep a 4.5:1 contrast. */
export const avatarColors = [
  '#b45309',
  '#c2410c',
  '#b91c1c',
  '#be185d',
  '#7e22ce',
  '#4338ca',
  '#1d4ed8',
  '#0f766e',
  '#15803d',
  '#4d7c0f',
] as const;

/** "Nguyễn Văn An" → "NVA": the first letter of each word, upper case. */
export function getInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase('vi') ?? '')
    .join('');
}

function pickAvatarColor(): string {
  return avatarColors[Math.floor(Math.random() * avatarColors.length)] ?? avatarColors[0];
}

/** Where a device remembers the colour it picked for each person (by name), so it stays across pages and reloads. */
export const avatarColorsStorageKey = 'avatarColors';
const rememberedPeople = 200;

/** The colour this device picked for a person, picked at random the first time it shows them. */
function avatarColorOf(name: string): string {
  try {
    const kept = JSON.parse(localStorage.getItem(avatarColorsStorageKey) ?? '{}') as Record<string, unknown>;
    const color = kept[name];
    if (typeof color === 'string' && (avatarColors as readonly string[]).includes(color)) return color;
    const picked = pickAvatarColor();
    // The oldest are forgotten first (keys keep their insertion order), so the list never grows without end.
    const names = Object.keys(kept);
    for (const old of names.slice(0, Math.max(0, names.length + 1 - rememberedPeople))) delete kept[old];
    localStorage.setItem(avatarColorsStorageKey, JSON.stringify({ ...kept, [name]: picked }));
    return picked;
  } catch {
    // Storage full or switched off: a colour for this page only.
    return pickAvatarColor();
  }
}

const sizeClasses = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
} as const;

interface AvatarProps {
  name: string;
  /** An image URL; empty shows the initials. */
  src?: string;
  size?: keyof typeof sizeClasses;
  /** Hide it from assistive technology when the name is written next to it. */
  decorative?: boolean;
}

export function Avatar({ name, src, size = 'md', decorative = false }: AvatarProps) {
  // A random background, as the first contract fixed it (docs/compatibility.md), picked once per person on
  // this device: the same on every page and after a reload, and steady while the avatar is on screen.
  const [color] = useState(() => avatarColorOf(name));
  const base = `${sizeClasses[size]} shrink-0 rounded-full`;

  if (src) return <img src={src} alt={decorative ? '' : name} className={`${base} object-cover`} />;
  const naming = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };

  return (
    <span
      {...naming}
      className={`${base} inline-flex items-center justify-center font-semibold text-white select-none`}
      style={{ backgroundColor: color }}
    >
      <span aria-hidden="true">{getInitials(name) || '?'}</span>
    </span>
  );
}
