/**
 * A phone number as typed ("021 555 0199", "+64 21-555-0199") as a tel: or sms: link takes
 * it: its digits, with the leading + of an international number, and nothing else
 */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}
