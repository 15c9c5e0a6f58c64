import { DialableText } from '../../../components/ui/DialableText.tsx';

/** Numbered safety tips: what to do before the electrician arrives */
export function SafetyTips({ tips }: { tips: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-5 md:grid-cols-2">
      {tips.map((tip, index) => (
        <li key={tip.title} className="card flex gap-4">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-800 font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-h3">{tip.title}</h3>
            <p className="mt-1 text-muted">
              <DialableText text={tip.text} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
