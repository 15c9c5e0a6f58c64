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
  /** How many of the business's reviews are by this suburb's customers; none on the hub */
  reviewShare: number | undefined;
}

/** The first screen of an area page: call, quote, and the business's rating with the area's share of it */
export function AreaHero({ areaName, heading, text, picture, imageAlt, reviewShare }: Props) {
  return (
    <PageHero
      eyebrow={`Electrician in ${areaName}`}
      title={heading}
      lead={text}
      picture={picture}
      imageAlt={imageAlt}
    >
      <a href={telHref} className={buttonClass({ variant: 'accent' })}>
        <Phone className="size-5" aria-hidden="true" /> Call {phoneText}
      </a>
      <a href={quotePath} className={buttonClass({ variant: 'ghost-light' })}>
        Get Free Quote
      </a>
      <div className="basis-full pt-2">
        <RatingSummary share={reviewShare} areaName={areaName} />
      </div>
    </PageHero>
  );
}
