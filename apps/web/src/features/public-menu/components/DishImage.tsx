import { useState } from 'react';

/**
 * The dish's photo, always the same square size so nothing moves when photos arrive. A dish without one (or
 * whose photo fails to load) shows none: its name and description take the card's width, as on a printed
 * menu, rather than a tile of stand-in letters or icons repeated down the page.
 */
export function DishImage({ imageUrl }: { imageUrl: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!imageUrl || failedUrl === imageUrl) return null;
  return (
    <img
      src={imageUrl}
      alt=""
      width={112}
      height={112}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(imageUrl)}
      className="size-24 shrink-0 rounded-xl bg-stone-100 object-cover sm:size-28"
    />
  );
}
