/** The three links every area page offers into the services */
export function ServiceGroupLinks() {
  return (
    <p className="flex flex-wrap gap-3">
      <a href="/services/residential" className="btn btn-outline">
        Residential services
      </a>
      <a href="/services/commercial" className="btn btn-outline">
        Commercial services
      </a>
      <a href="/services/emergency-electrician" className="btn btn-outline border-danger-700 text-danger-800">
        Emergency electrician
      </a>
    </p>
  );
}
