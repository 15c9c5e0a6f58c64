import { business } from '../../config/business.ts';
import type { PictureData } from '../../lib/pictures.ts';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';

/** The owner beside his van, with his name under it: an illustration until a photo replaces it (README) */
export function OwnerPortrait({ picture, sizes }: { picture: PictureData; sizes: string }) {
  return (
    <figure className="overflow-hidden rounded-(--radius-card) border border-line bg-white shadow-(--shadow-card)">
      <ResponsivePicture
        data={picture}
        alt={`${business.owner}, the owner, beside his service van`}
        sizes={sizes}
        className="aspect-[4/3]"
      />
      <figcaption className="px-5 py-3 text-sm text-muted">
        <strong className="text-brand-900">{business.owner}</strong>, owner and electrician
      </figcaption>
    </figure>
  );
}
