import type { HTMLAttributes, JSX } from "react";
import { cn } from "~/utils/cn";
import { siteIconNames, type SiteIconName } from "./icon-names";

/**
 * The site frame's and marketing pages' icons (docs/decisions/012-public-pages-as-static-files.md).
 * Each is one element painted in the text's colour through its drawing as a mask (icons.css),
 * sized like lucide's (24px unless a size class says otherwise). Give it `aria-hidden="true"`
 * where it only decorates, as every use does.
 */
export type SiteIcon = ((props: HTMLAttributes<HTMLSpanElement>) => JSX.Element) & { displayName?: string };

function siteIcon(name: SiteIconName): SiteIcon {
  const drawing = siteIconNames[name];
  const Icon: SiteIcon = ({ className, ...props }) => (
    <span {...props} className={cn("icon", `i-${drawing}`, className)} />
  );
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = siteIcon("ArrowLeft");
export const ArrowRight = siteIcon("ArrowRight");
export const BadgeCheck = siteIcon("BadgeCheck");
export const Ban = siteIcon("Ban");
export const BatteryCharging = siteIcon("BatteryCharging");
export const Briefcase = siteIcon("Briefcase");
export const Building2 = siteIcon("Building2");
export const CalendarCheck = siteIcon("CalendarCheck");
export const CalendarClock = siteIcon("CalendarClock");
export const ChevronDown = siteIcon("ChevronDown");
export const ChevronRight = siteIcon("ChevronRight");
export const CircleCheck = siteIcon("CircleCheck");
export const CircleX = siteIcon("CircleX");
export const CircuitBoard = siteIcon("CircuitBoard");
export const ClipboardCheck = siteIcon("ClipboardCheck");
export const Clock = siteIcon("Clock");
export const CloudLightning = siteIcon("CloudLightning");
export const Droplets = siteIcon("Droplets");
export const ExternalLink = siteIcon("ExternalLink");
export const Factory = siteIcon("Factory");
export const Fan = siteIcon("Fan");
export const FileCheck = siteIcon("FileCheck");
export const Flame = siteIcon("Flame");
export const Fuel = siteIcon("Fuel");
export const Gauge = siteIcon("Gauge");
export const GripVertical = siteIcon("GripVertical");
export const HandCoins = siteIcon("HandCoins");
export const HardHat = siteIcon("HardHat");
export const HeartHandshake = siteIcon("HeartHandshake");
export const House = siteIcon("House");
export const Lamp = siteIcon("Lamp");
export const LampCeiling = siteIcon("LampCeiling");
export const Layers = siteIcon("Layers");
export const LayoutDashboard = siteIcon("LayoutDashboard");
export const LayoutGrid = siteIcon("LayoutGrid");
export const Leaf = siteIcon("Leaf");
export const Lightbulb = siteIcon("Lightbulb");
export const LogIn = siteIcon("LogIn");
export const LogOut = siteIcon("LogOut");
export const Mail = siteIcon("Mail");
export const MapPin = siteIcon("MapPin");
export const Menu = siteIcon("Menu");
export const Phone = siteIcon("Phone");
export const Plug = siteIcon("Plug");
export const PlugZap = siteIcon("PlugZap");
export const Quote = siteIcon("Quote");
export const Scale = siteIcon("Scale");
export const Share2 = siteIcon("Share2");
export const ShieldCheck = siteIcon("ShieldCheck");
export const Siren = siteIcon("Siren");
export const SlidersHorizontal = siteIcon("SlidersHorizontal");
export const Sparkles = siteIcon("Sparkles");
export const Stethoscope = siteIcon("Stethoscope");
export const Store = siteIcon("Store");
export const Sun = siteIcon("Sun");
export const Thermometer = siteIcon("Thermometer");
export const ThumbsUp = siteIcon("ThumbsUp");
export const Timer = siteIcon("Timer");
export const TreePine = siteIcon("TreePine");
export const TriangleAlert = siteIcon("TriangleAlert");
export const Utensils = siteIcon("Utensils");
export const Volume2 = siteIcon("Volume2");
export const Warehouse = siteIcon("Warehouse");
export const Wrench = siteIcon("Wrench");
export const X = siteIcon("X");
export const Zap = siteIcon("Zap");
export const ZapOff = siteIcon("ZapOff");
