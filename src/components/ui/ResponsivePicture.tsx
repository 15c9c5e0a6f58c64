import type { PictureData } from '../../lib/pictures.ts';
import { cn } from '../../lib/cn.ts';
import { PICTURE_STATE_WORDS } from '../../lib/picture-states.ts';

interface Props {
  data: PictureData;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint (photos) */
  sizes: string;
  /** Only the first screen's image loads eagerly, with high priority */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}

/** An inline scene (with its portrait-phone variant): part of the page, so it paints with the text */
function InlineScene({ data, alt }: { data: PictureData; alt: string }) {
  const portrait = data.portrait?.inline;
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className="absolute inset-0 block"
    >
      <span
        className={cn('inline-scene absolute inset-0 block', portrait && 'portrait:max-md:hidden')}
        dangerouslySetInnerHTML={{ __html: data.inline! }}
      />
      {portrait && (
        <span
          className="inline-scene absolute inset-0 hidden portrait:max-md:block"
          dangerouslySetInnerHTML={{ __html: portrait }}
        />
      )}
    </span>
  );
}

/**
 * A picture with fixed dimensions: an illustration's SVG (inline on the first screen), or a photo's
 * AVIF/WebP/JPEG sources. The placeholder shows until an image file paints over it; `shell.ts`
 * sets data-state="failed" when it cannot load. The states' words are kept out of the page's text
 * (src/lib/picture-states.ts).
 */
export function ResponsivePicture({
  data,
  alt,
  sizes,
  priority = false,
  className,
  imgClassName,
}: Props) {
  const frameClass = cn('picture-frame relative block overflow-hidden bg-brand-100', className);
  if (data.inline) {
    return (
      <span data-picture="" className={frameClass}>
        <InlineScene data={data} alt={alt} />
      </span>
    );
  }
  const responsive = data.srcset !== '';
  return (
    <span data-picture="" className={frameClass}>
      <span
        className="picture-placeholder absolute inset-0 flex items-center justify-center text-sm text-brand-800"
        aria-hidden="true"
        data-text={PICTURE_STATE_WORDS.loading}
      />
      <span
        className="picture-failed absolute inset-0 hidden items-center justify-center bg-brand-50 text-sm font-semibold text-brand-900"
        data-text={PICTURE_STATE_WORDS.failed}
      />
      <picture>
        {data.sources.map((source) => (
          <source
            key={`${source.media ?? ''}${source.type}`}
            type={source.type}
            srcSet={source.srcset}
            sizes={responsive ? sizes : undefined}
            media={source.media}
          />
        ))}
        <img
          src={data.src}
          srcSet={responsive ? data.srcset : undefined}
          sizes={responsive ? sizes : undefined}
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
