import { useState } from 'react';

// Warm tints for dishes without a photo; a dish keeps its tint because it is picked from the name.
const placeholderTints = [
  'from-amber-100 to-orange-200 text-amber-900',
  'from-rose-100 to-red-200 text-rose-900',
  'from-lime-100 to-emerald-200 text-emerald-900',
  'from-sky-100 to-cyan-200 text-sky-900',
  'from-orange-100 to-amber-300 text-orange-900',
  'from-stone-100 to-stone-300 text-stone-800',
];

function tintOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return placeholderTints[hash % placeholderTints.length] ?? '';
}

/**
 * The dish's photo, or a tinted tile with its initial when it has none (or the photo fails to load).
 * Always the same square size, so nothing moves when photos arrive.
 */
export function DishImage({ name, imageUrl }: { name: string; imageUrl: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = 'size-24 shrink-0 rounded-xl sm:size-28';

  if (imageUrl && failedUrl !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(imageUrl)}
        className={`${box} bg-stone-100 object-cover`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-gradient-to-br text-4xl font-bold ${tintOf(name)}`}
    >
      {name.trim().charAt(0).toUpperCase()}
    </div>
  );
}
