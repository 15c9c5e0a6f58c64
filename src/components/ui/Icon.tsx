import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  Award, BadgeCheck, Bath, BatteryCharging, Blinds, Building2, Cable, Car, Cctv, ClipboardCheck, Clock,
  CookingPot, DoorOpen, Factory, Fan, Fence, Flame, Frame, Gauge, Hammer, HardHat, HeartHandshake, House,
  Lamp, Leaf, Lightbulb, MapPin, Package, Paintbrush, Phone, Plug, Power, Radar, Ruler, Server, ShieldCheck,
  Siren, Sparkles, Store, Sun, ThumbsUp, Timer, Trees, Tv, Users, Waves, Wrench, Zap,
} from 'lucide-react';
import type { IconName } from './icon-names.ts';

const icons: Record<IconName, LucideIcon> = {
  zap: Zap, lightbulb: Lightbulb, plug: Plug, fan: Fan, radar: Radar, bath: Bath, tv: Tv, cctv: Cctv,
  'cooking-pot': CookingPot, trees: Trees, waves: Waves, wrench: Wrench, building: Building2, store: Store,
  'clipboard-check': ClipboardCheck, gauge: Gauge, server: Server, factory: Factory, siren: Siren,
  'shield-check': ShieldCheck, car: Car, home: House, hammer: Hammer, flame: Flame, lamp: Lamp, sun: Sun,
  clock: Clock, award: Award, users: Users, 'thumbs-up': ThumbsUp, phone: Phone, 'badge-check': BadgeCheck,
  'heart-handshake': HeartHandshake, sparkles: Sparkles, ruler: Ruler, paintbrush: Paintbrush,
  'door-open': DoorOpen, frame: Frame, package: Package, fence: Fence, blinds: Blinds, 'hard-hat': HardHat,
  timer: Timer, 'map-pin': MapPin, leaf: Leaf, 'battery-charging': BatteryCharging, cable: Cable, power: Power,
};

/** A content icon, drawn as inline SVG at build time; decorative, so hidden from screen readers */
export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Drawing = icons[name];
  return <Drawing aria-hidden="true" focusable="false" {...props} />;
}
