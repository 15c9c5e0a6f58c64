import type { ReactNode } from 'react';
import type { PictureData } from '../../../lib/pictures.ts';
import { HERO_ROTATE_MS } from '../../../lib/page-timing.ts';
import { business, yearsClaim } from '../../../config/business.ts';
import { replyWords } from '../../../lib/availability.ts';
import { availability } from '../../../lib/site-day.ts';
import { ResponsivePicture } from '../../../components/ui/ResponsivePicture.tsx';
import { Stars } from '../../../components/ui/Stars.tsx';
import { HeroEmergencyCall } from './HeroEmergencyCall.tsx';

interface Slide {
  picture: PictureData;
  alt: string;
}

interface Props {
  heading: string;
  text: string;
  slides: readonly Slide[];
  /** Rotate the scenes every HERO_ROTATE_MS; off keeps the first scene (as on the home page) */
  rotate: boolean;
  /** The quote form island */
  children: ReactNode;
}

/**
 * The home page's first screen: the scene behind, the emergency call, the promise and the short quote form.
 * Only the first scene is in the page unless rotation is on.
 */
export function HomeHero({ heading, text, slides, rotate, children }: Props) {
  const shown = rotate ? slides : slides.slice(0, 1);
  const { rating } = business.claims;
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-brand-900 text-white"
      data-rotate-ms={rotate ? HERO_ROTATE_MS : undefined}
    >
      <div
        data-hero-content=""
        className="container-page grid items-center gap-10 py-12 md:py-20 lg:grid-cols-[1.2fr_1fr]"
      >
        <div>
          <HeroEmergencyCall />
          <p className="flex items-center gap-2 text-sm font-semibold text-accent-400">
            <Stars rating={rating.value} outOf={rating.best} /> {yearsClaim} · Licensed &amp;
            insured
          </p>
          <h1 id="hero-heading" className="mt-4 text-display text-white">
            {heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/90 md:text-xl">{text}</p>
        </div>
        <div className="rounded-2xl bg-white p-6 text-ink shadow-2xl md:p-8">
          <h2 className="text-h3">Get a free, no-obligation quote</h2>
          <p className="mt-1 mb-5 text-sm text-muted">
            Tell us what you need and {replyWords(availability)}.
          </p>
          {children}
        </div>
      </div>
      {/* The scene comes after the text in the markup, so the text is parsed and painted first */}
      {shown.map((slide, index) => (
        <ResponsivePicture
          key={slide.picture.src}
          data={slide.picture}
          alt={slide.alt}
          sizes="100vw"
          priority={index === 0}
          className={`hero-slide absolute! inset-0 -z-20 h-full ${index === 0 ? '' : 'opacity-0'}`}
        />
      ))}
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-950/90 via-brand-900/80 to-brand-900/70 lg:bg-gradient-to-r lg:from-brand-950/95 lg:via-brand-900/80 lg:to-brand-900/40"
        aria-hidden="true"
      />
    </section>
  );
}
