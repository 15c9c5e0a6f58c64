import type { ReactNode } from 'react';
import type { PictureData } from '../../lib/pictures.ts';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';

interface Props {
  eyebrow?: string | undefined;
  title: string;
  lead: string;
  picture?: PictureData | undefined;
  imageAlt?: string | undefined;
  /** Buttons and links under the lead */
  children?: ReactNode;
  tone?: 'brand' | 'danger';
}

/** The first screen of an inner page: the h1 over a darkened illustration, and its calls to action */
export function PageHero({
  eyebrow,
  title,
  lead,
  picture,
  imageAlt,
  children,
  tone = 'brand',
}: Props) {
  return (
    <section
      className={`relative isolate overflow-hidden ${tone === 'danger' ? 'bg-danger-800' : 'bg-brand-900'} text-white`}
    >
      <div className="container-page py-16 md:py-24">
        <div className="max-w-2xl">
          {eyebrow && (
            <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
              {eyebrow}
            </p>
          )}
          <h1 className="mt-2 text-display text-white">{title}</h1>
          <p className="mt-5 text-lg text-white/90 md:text-xl">{lead}</p>
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
      </div>
      {/* After the text in the markup, so the text is parsed and painted first */}
      {picture && (
        <ResponsivePicture
          data={picture}
          alt={imageAlt ?? ''}
          sizes="100vw"
          priority
          className="absolute! inset-0 -z-10 h-full"
        />
      )}
      {/* On a phone the text runs the full width, over the picture's busiest side: darker there */}
      <div
        className={`absolute inset-0 -z-10 ${tone === 'danger' ? 'bg-danger-800/85' : 'bg-gradient-to-r from-brand-950/95 via-brand-900/85 to-brand-900/70 md:to-brand-900/50'}`}
        aria-hidden="true"
      />
    </section>
  );
}
