/** The mark beside the passkey or sign-in of the device the owner is using */
export function ThisDevice() {
  return (
    <span className="ml-2 inline-block rounded-full bg-brand-100 px-2 py-0.5 align-middle text-xs font-semibold text-brand-900">
      This device
    </span>
  );
}
