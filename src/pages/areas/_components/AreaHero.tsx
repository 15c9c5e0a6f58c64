import { Phone } from 'lucide-react';
import { phoneText, telHref } from '../../../config/business.ts';
import { quotePath } from '../../../config/routes.ts';
import { buttonClass } from '../../../lib/button.ts';
import type { PictureData } from '../../../lib/pictures.ts';
import { PageHero } from '../../../components/sections/PageHero.tsx';
import { RatingSummary } from './RatingSummary.tsx';

interface Props {
  areaName: string;
  heading: string;
  text: string;
  picture: PictureData;
  imageAlt: string;
  reviewCount: number;
}

/** The first screen of an area page: call, quote, and the area's rating */
export function AreaHero({ areaName, heading, text, picture, imageAlt, reviewCount }: Props) {
  return (
    <PageHero eyebrow={`Electrician in ${areaName}`} title={heading} lead={text} picture={picture} imageAlt={imageAlt}>
      <a href={telHref} className={buttonClass({ variant: 'accent' })}>
        <Phone className="size-5" aria-hidden="true" /> Call {phoneText}
      </a>
      <a href={quotePath} className={buttonClass({ variant: 'ghost-light' })}>
        Get Free Quote
      </a>
      <div className="basis-full pt-2">
        <RatingSummary reviewCount={reviewCount} areaName={areaName} />
      </div>
    </PageHero>
  );
}
