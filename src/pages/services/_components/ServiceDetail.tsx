import { ArrowLeft, Check } from 'lucide-react';
import { business } from '../../../config/business.ts';
import { servicesPath } from '../../../config/routes.ts';
import type { DetailService } from '../../../lib/content.ts';
import type { PictureData } from '../../../lib/pictures.ts';
import { midSentence } from '../../../lib/mid-sentence.ts';
import { PageHero } from '../../../components/sections/PageHero.tsx';
import { CallToAction } from '../../../components/sections/CallToAction.tsx';
import { CallButton, FreeQuoteButton } from '../../../components/ui/ContactButtons.tsx';
import { TrustCards } from './TrustCards.tsx';

interface Props {
  service: DetailService['data'];
  groupLabel: string;
  picture: PictureData;
}

/** The body of /services/{slug} */
export function ServiceDetail({ service, groupLabel, picture }: Props) {
  const { title, description, fullDescription, benefits, imageAlt } = service;
  return (
    <>
      <PageHero
        eyebrow={groupLabel}
        title={title}
        lead={description}
        picture={picture}
        imageAlt={imageAlt}
      >
        <FreeQuoteButton />
        <CallButton variant="ghost-light">Call Now</CallButton>
      </PageHero>
      <div className="container-page pt-6">
        <a
          href={servicesPath}
          data-back=""
          className="inline-flex items-center gap-2 font-semibold"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to all services
        </a>
      </div>
      <section aria-labelledby="trust-heading" className="container-page py-10">
        <h2 id="trust-heading" className="eyebrow mb-4">
          Why you can trust us
        </h2>
        <TrustCards />
      </section>
      <section
        aria-labelledby="about-service"
        className="container-page grid gap-10 pb-14 lg:grid-cols-[3fr_2fr]"
      >
        <div className="prose-body max-w-3xl text-lg">
          <h2 id="about-service" className="mb-5 text-h2">
            About This Service
          </h2>
          {fullDescription.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <aside aria-label="Talk to us" className="card h-fit bg-brand-50">
          <h2 className="text-h3">Talk it through with {business.owner}</h2>
          <p className="mt-2 text-muted">
            Not sure what you need? Describe the job and you will get straight answers and a written
            quote.
          </p>
          <div className="mt-5 grid gap-3">
            <FreeQuoteButton />
            <CallButton variant="outline" />
          </div>
        </aside>
      </section>
      <section aria-labelledby="why-service" className="section section-alt">
        <div className="container-page">
          <h2 id="why-service" className="text-center text-h2">
            Why Choose Our Service
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {benefits.map((benefit) => (
              <li key={benefit} data-reveal="" className="card flex gap-3 p-5">
                <Check className="mt-0.5 size-6 shrink-0 text-success-700" aria-hidden="true" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction title={`Need help with ${midSentence(title)}?`} />
    </>
  );
}
