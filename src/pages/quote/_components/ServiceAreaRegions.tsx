/** 'Our Service Areas', in groups whose regions the build checks against the area pages' */
export function ServiceAreaRegions({
  regions,
  pages,
}: {
  regions: readonly { heading: string; suburbs: readonly string[] }[];
  /** The area page that covers a suburb, by the suburb's name */
  pages: ReadonlyMap<string, string>;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {regions.map((region, index) => (
        <section key={region.heading} aria-labelledby={`region-${index}`} className="card">
          <h3 id={`region-${index}`} className="text-h3">
            {region.heading}
          </h3>
          <ul className="mt-3 space-y-1.5 text-muted">
            {region.suburbs.map((suburb) => (
              <li key={suburb}>
                {pages.has(suburb) ? (
                  <a href={pages.get(suburb)} className="font-semibold text-brand-800">
                    {suburb}
                  </a>
                ) : (
                  suburb
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
