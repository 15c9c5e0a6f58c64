/** 'Our Service Areas', grouped by region */
export function ServiceAreaRegions({ regions }: { regions: readonly { region: string; suburbs: readonly string[] }[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {regions.map((region, index) => (
        <section key={region.region} aria-labelledby={`region-${index}`} className="card">
          <h3 id={`region-${index}`} className="text-h3">
            {region.region}
          </h3>
          <ul className="mt-3 space-y-1.5 text-muted">
            {region.suburbs.map((suburb) => (
              <li key={suburb}>{suburb}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
