/**
 * Static deployments with GoatCounter: a tap on a call or e-mail link becomes a GoatCounter event
 * named after the link's kind and the page ("tel-/about"), through count.js's documented
 * `goatcounter.count({ event: true })`. Events carry no page of their own, so the name holds it.
 * Skipped when count.js has not loaded (blocked, or still on its way); the tap goes ahead untouched.
 * A call to another business's number (the lines company's, `data-elsewhere`) is not counted.
 */
interface GoatCounterApi {
  count?: (vars: { path: string; title: string; event: true }) => void;
}

document.addEventListener('click', (event) => {
  const link =
    event.target instanceof Element &&
    event.target.closest('a[href^="tel:"]:not([data-elsewhere]), a[href^="mailto:"]');
  if (!link) return;
  const kind = link.getAttribute('href')!.startsWith('tel:') ? 'tel' : 'mailto';
  const title = kind === 'tel' ? 'Call tap' : 'E-mail tap';
  (window as { goatcounter?: GoatCounterApi }).goatcounter?.count?.({
    path: `${kind}-${location.pathname}`,
    title,
    event: true,
  });
});
