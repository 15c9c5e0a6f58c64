import type { PictureData } from '../../lib/pictures.ts';
import { cn } from '../../lib/cn.ts';

interface Props {
  data: PictureData;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint */
  sizes: string;
  /** Only the first screen's image loads eagerly, with high priority */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}

/**
 * A <picture> with AVIF/WebP/JPEG sources and fixed dimensions. The placeholder shows until the
 * image paints over it; `shell.ts` sets data-state="failed" when it cannot load.
 */
export function ResponsivePicture({ data, alt, sizes, priority = false, className, imgClassName }: Props) {
  return (
    <span data-picture="" className={cn('picture-frame relative block overflow-hidden bg-brand-100', className)}>
      <span className="picture-placeholder absolute inset-0 flex items-center justify-center text-sm text-brand-800" aria-hidden="true">
        Loading...
      </span>
      <span className="picture-failed absolute inset-0 hidden items-center justify-center bg-brand-50 text-sm font-semibold text-brand-900">
        Image unavailable
      </span>
      <picture>
        {data.sources.map((source) => (
          <source
            key={`${source.media ?? ''}${source.type}`}
            type={source.type}
            srcSet={source.srcset}
            sizes={sizes}
            media={source.media}
          />
        ))}
        <img
          src={data.src}
          srcSet={data.srcset}
          sizes={sizes}
          width={data.width}
          height={data.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          className={cn('relative block h-full w-full object-cover', imgClassName)}
        />
      </picture>
    </span>
  );
}
