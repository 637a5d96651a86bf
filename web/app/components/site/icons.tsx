import type { JSX, SVGProps } from "react";
import type { LucideIcon } from "lucide-react";
import ArrowLeftDrawing from "lucide-react/icons/arrow-left";
import ArrowRightDrawing from "lucide-react/icons/arrow-right";
import BadgeCheckDrawing from "lucide-react/icons/badge-check";
import BanDrawing from "lucide-react/icons/ban";
import BatteryChargingDrawing from "lucide-react/icons/battery-charging";
import BriefcaseDrawing from "lucide-react/icons/briefcase";
import Building2Drawing from "lucide-react/icons/building-complex";
import CalendarCheckDrawing from "lucide-react/icons/calendar-check";
import CalendarClockDrawing from "lucide-react/icons/calendar-clock";
import ChevronDownDrawing from "lucide-react/icons/chevron-down";
import ChevronRightDrawing from "lucide-react/icons/chevron-right";
import CircleCheckDrawing from "lucide-react/icons/circle-check";
import CircleXDrawing from "lucide-react/icons/circle-x";
import CircuitBoardDrawing from "lucide-react/icons/circuit-board";
import ClipboardCheckDrawing from "lucide-react/icons/clipboard-check";
import ClockDrawing from "lucide-react/icons/clock";
import CloudLightningDrawing from "lucide-react/icons/cloud-lightning";
import DropletsDrawing from "lucide-react/icons/droplets";
import ExternalLinkDrawing from "lucide-react/icons/external-link";
import FactoryDrawing from "lucide-react/icons/factory";
import FanDrawing from "lucide-react/icons/fan";
import FileCheckDrawing from "lucide-react/icons/file-check";
import FlameDrawing from "lucide-react/icons/flame";
import FuelDrawing from "lucide-react/icons/fuel";
import GaugeDrawing from "lucide-react/icons/gauge";
import HandCoinsDrawing from "lucide-react/icons/hand-coins";
import HardHatDrawing from "lucide-react/icons/hard-hat";
import HeartHandshakeDrawing from "lucide-react/icons/heart-handshake";
import HouseDrawing from "lucide-react/icons/house";
import LampDrawing from "lucide-react/icons/lamp";
import LampCeilingDrawing from "lucide-react/icons/lamp-ceiling";
import LayersDrawing from "lucide-react/icons/layers";
import LayoutDashboardDrawing from "lucide-react/icons/layout-dashboard";
import LayoutGridDrawing from "lucide-react/icons/layout-grid";
import LeafDrawing from "lucide-react/icons/leaf";
import LightbulbDrawing from "lucide-react/icons/lightbulb";
import LogInDrawing from "lucide-react/icons/log-in";
import LogOutDrawing from "lucide-react/icons/log-out";
import MailDrawing from "lucide-react/icons/mail";
import MapPinDrawing from "lucide-react/icons/map-pin";
import MenuDrawing from "lucide-react/icons/menu";
import PhoneDrawing from "lucide-react/icons/phone";
import PlugDrawing from "lucide-react/icons/plug";
import PlugZapDrawing from "lucide-react/icons/plug-zap";
import QuoteDrawing from "lucide-react/icons/quote";
import ScaleDrawing from "lucide-react/icons/scale";
import Share2Drawing from "lucide-react/icons/share-2";
import ShieldCheckDrawing from "lucide-react/icons/shield-check";
import SirenDrawing from "lucide-react/icons/siren";
import SlidersHorizontalDrawing from "lucide-react/icons/sliders-horizontal";
import SparklesDrawing from "lucide-react/icons/sparkles";
import StethoscopeDrawing from "lucide-react/icons/stethoscope";
import StoreDrawing from "lucide-react/icons/store";
import SunDrawing from "lucide-react/icons/sun";
import ThermometerDrawing from "lucide-react/icons/thermometer";
import ThumbsUpDrawing from "lucide-react/icons/thumbs-up";
import TimerDrawing from "lucide-react/icons/timer";
import TreePineDrawing from "lucide-react/icons/tree-pine";
import TriangleAlertDrawing from "lucide-react/icons/triangle-exclamation-point";
import UtensilsDrawing from "lucide-react/icons/utensils";
import Volume2Drawing from "lucide-react/icons/volume-2";
import WarehouseDrawing from "lucide-react/icons/warehouse";
import WrenchDrawing from "lucide-react/icons/wrench";
import XDrawing from "lucide-react/icons/x";
import ZapDrawing from "lucide-react/icons/zap";
import ZapOffDrawing from "lucide-react/icons/zap-off";
import { cn } from "~/utils/cn";

/**
 * The site frame's and marketing pages' icons: lucide's drawings as inline SVG, stroked in the text's
 * colour, 24px unless a size class says otherwise (`.icon` in web/app/styles/base.css: a block that
 * never shrinks). Give it `aria-hidden="true"` where it only decorates, as every use does.
 *
 * Inline, not CSS masks: a mask of an SVG data URL is an image Chromium builds during style
 * recalculation for each element, which cost the public pages about 50 ms of their 70 ms of style
 * work, unthrottled (docs/decisions/025-public-pages-without-app-scripts.md, with the figures); the
 * dispatch board's cards, hundreds to a page, keep their few mask icons (components/staff/mask-icons.tsx).
 */
export type SiteIcon = ((props: SVGProps<SVGSVGElement>) => JSX.Element) & { displayName?: string };

function siteIcon(Drawing: LucideIcon, name: string): SiteIcon {
  const Icon: SiteIcon = ({ className, ref: _ref, ...props }) => (
    <Drawing {...props} className={cn("icon", className)} />
  );
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = siteIcon(ArrowLeftDrawing, "ArrowLeft");
export const ArrowRight = siteIcon(ArrowRightDrawing, "ArrowRight");
export const BadgeCheck = siteIcon(BadgeCheckDrawing, "BadgeCheck");
export const Ban = siteIcon(BanDrawing, "Ban");
export const BatteryCharging = siteIcon(BatteryChargingDrawing, "BatteryCharging");
export const Briefcase = siteIcon(BriefcaseDrawing, "Briefcase");
export const Building2 = siteIcon(Building2Drawing, "Building2");
export const CalendarCheck = siteIcon(CalendarCheckDrawing, "CalendarCheck");
export const CalendarClock = siteIcon(CalendarClockDrawing, "CalendarClock");
export const ChevronDown = siteIcon(ChevronDownDrawing, "ChevronDown");
export const ChevronRight = siteIcon(ChevronRightDrawing, "ChevronRight");
export const CircleCheck = siteIcon(CircleCheckDrawing, "CircleCheck");
export const CircleX = siteIcon(CircleXDrawing, "CircleX");
export const CircuitBoard = siteIcon(CircuitBoardDrawing, "CircuitBoard");
export const ClipboardCheck = siteIcon(ClipboardCheckDrawing, "ClipboardCheck");
export const Clock = siteIcon(ClockDrawing, "Clock");
export const CloudLightning = siteIcon(CloudLightningDrawing, "CloudLightning");
export const Droplets = siteIcon(DropletsDrawing, "Droplets");
export const ExternalLink = siteIcon(ExternalLinkDrawing, "ExternalLink");
export const Factory = siteIcon(FactoryDrawing, "Factory");
export const Fan = siteIcon(FanDrawing, "Fan");
export const FileCheck = siteIcon(FileCheckDrawing, "FileCheck");
export const Flame = siteIcon(FlameDrawing, "Flame");
export const Fuel = siteIcon(FuelDrawing, "Fuel");
export const Gauge = siteIcon(GaugeDrawing, "Gauge");
export const HandCoins = siteIcon(HandCoinsDrawing, "HandCoins");
export const HardHat = siteIcon(HardHatDrawing, "HardHat");
export const HeartHandshake = siteIcon(HeartHandshakeDrawing, "HeartHandshake");
export const House = siteIcon(HouseDrawing, "House");
export const Lamp = siteIcon(LampDrawing, "Lamp");
export const LampCeiling = siteIcon(LampCeilingDrawing, "LampCeiling");
export const Layers = siteIcon(LayersDrawing, "Layers");
export const LayoutDashboard = siteIcon(LayoutDashboardDrawing, "LayoutDashboard");
export const LayoutGrid = siteIcon(LayoutGridDrawing, "LayoutGrid");
export const Leaf = siteIcon(LeafDrawing, "Leaf");
export const Lightbulb = siteIcon(LightbulbDrawing, "Lightbulb");
export const LogIn = siteIcon(LogInDrawing, "LogIn");
export const LogOut = siteIcon(LogOutDrawing, "LogOut");
export const Mail = siteIcon(MailDrawing, "Mail");
export const MapPin = siteIcon(MapPinDrawing, "MapPin");
export const Menu = siteIcon(MenuDrawing, "Menu");
export const Phone = siteIcon(PhoneDrawing, "Phone");
export const Plug = siteIcon(PlugDrawing, "Plug");
export const PlugZap = siteIcon(PlugZapDrawing, "PlugZap");
export const Quote = siteIcon(QuoteDrawing, "Quote");
export const Scale = siteIcon(ScaleDrawing, "Scale");
export const Share2 = siteIcon(Share2Drawing, "Share2");
export const ShieldCheck = siteIcon(ShieldCheckDrawing, "ShieldCheck");
export const Siren = siteIcon(SirenDrawing, "Siren");
export const SlidersHorizontal = siteIcon(SlidersHorizontalDrawing, "SlidersHorizontal");
export const Sparkles = siteIcon(SparklesDrawing, "Sparkles");
export const Stethoscope = siteIcon(StethoscopeDrawing, "Stethoscope");
export const Store = siteIcon(StoreDrawing, "Store");
export const Sun = siteIcon(SunDrawing, "Sun");
export const Thermometer = siteIcon(ThermometerDrawing, "Thermometer");
export const ThumbsUp = siteIcon(ThumbsUpDrawing, "ThumbsUp");
export const Timer = siteIcon(TimerDrawing, "Timer");
export const TreePine = siteIcon(TreePineDrawing, "TreePine");
export const TriangleAlert = siteIcon(TriangleAlertDrawing, "TriangleAlert");
export const Utensils = siteIcon(UtensilsDrawing, "Utensils");
export const Volume2 = siteIcon(Volume2Drawing, "Volume2");
export const Warehouse = siteIcon(WarehouseDrawing, "Warehouse");
export const Wrench = siteIcon(WrenchDrawing, "Wrench");
export const X = siteIcon(XDrawing, "X");
export const Zap = siteIcon(ZapDrawing, "Zap");
export const ZapOff = siteIcon(ZapOffDrawing, "ZapOff");
