/** Replaces the static service-area map with the OpenStreetMap embed, only when asked */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-map-load]')) {
  button.addEventListener('click', () => {
    const frame = button
      .closest('div')
      ?.parentElement?.querySelector<HTMLElement>('[data-map-frame]');
    if (!frame) return;
    const iframe = document.createElement('iframe');
    iframe.src = button.dataset['mapLoad']!;
    iframe.title = 'Interactive map of our service area';
    iframe.loading = 'lazy';
    iframe.referrerPolicy = 'no-referrer';
    iframe.className = 'h-full w-full border-0';
    frame.replaceChildren(iframe);
    button.disabled = true;
  });
}
