/** Icon names that content may use; `Icon.tsx` maps each to its lucide drawing. */
export const iconNames = [
  'zap', 'lightbulb', 'plug', 'fan', 'radar', 'bath', 'tv', 'cctv', 'cooking-pot', 'trees', 'waves',
  'wrench', 'building', 'store', 'clipboard-check', 'gauge', 'server', 'factory', 'siren', 'shield-check',
  'car', 'home', 'hammer', 'flame', 'lamp', 'sun', 'clock', 'award', 'users', 'thumbs-up', 'phone',
  'badge-check', 'heart-handshake', 'sparkles', 'ruler', 'paintbrush', 'door-open', 'frame', 'package',
  'fence', 'blinds', 'hard-hat', 'timer', 'map-pin', 'leaf', 'battery-charging', 'cable', 'power',
] as const;

export type IconName = (typeof iconNames)[number];
