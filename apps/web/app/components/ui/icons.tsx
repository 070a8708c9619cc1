import type * as React from "react";

/**
 * The app's icons (Lucide's, by the names Lucide gives them). Each draws a symbol of one shared
 * sprite, which the icon-sprite plugin of vite.config.ts builds from the `icon("…")` calls below
 * (decision 018): a page's HTML and scripts carry a reference per icon, not its paths.
 */

const SPRITE = import.meta.env.VITE_ICON_SPRITE ?? "";

export type IconProps = Omit<React.ComponentProps<"svg">, "children">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

function icon(name: string): IconComponent {
  return function Icon(props: IconProps) {
    // Decorative unless the caller names it.
    const named = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from assistive technology unless the caller names it with aria-label
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={named ? undefined : true}
        {...props}
      >
        <use href={`${SPRITE}#${name}`} />
      </svg>
    );
  };
}

export const ArrowBigDown = icon("arrow-big-down");
export const ArrowBigUp = icon("arrow-big-up");
export const ArrowDown = icon("arrow-down");
export const ArrowDownUp = icon("arrow-down-up");
export const ArrowUp = icon("arrow-up");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const BadgeCheck = icon("badge-check");
export const Ban = icon("ban");
export const Bell = icon("bell");
export const BellPlus = icon("bell-plus");
export const BellRing = icon("bell-ring");
export const BookOpen = icon("book-open");
export const Bot = icon("bot");
export const Building2 = icon("building-2");
export const CalendarRange = icon("calendar-range");
export const ChartColumn = icon("chart-column");
export const Check = icon("check");
export const CheckCheck = icon("check-check");
export const Copy = icon("copy");
export const Crown = icon("crown");
export const RefreshCw = icon("refresh-cw");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const ChevronUp = icon("chevron-up");
export const Circle = icon("circle");
export const CircleAlert = icon("circle-alert");
export const CircleCheck = icon("circle-check");
export const CircleDashed = icon("circle-dashed");
export const Compass = icon("compass");
export const CreditCard = icon("credit-card");
export const Crosshair = icon("crosshair");
export const Download = icon("download");
export const ExternalLink = icon("external-link");
export const Eye = icon("eye");
export const EyeOff = icon("eye-off");
export const Film = icon("film");
export const Flag = icon("flag");
export const Flame = icon("flame");
export const FlaskConical = icon("flask-conical");
export const Gem = icon("gem");
export const Globe = icon("globe");
export const GraduationCap = icon("graduation-cap");
export const ImagePlus = icon("image-plus");
export const Images = icon("images");
export const KeyRound = icon("key-round");
export const Layers = icon("layers");
export const LayoutDashboard = icon("layout-dashboard");
export const Library = icon("library");
export const LifeBuoy = icon("life-buoy");
export const Link = icon("link");
export const Link2 = icon("link-2");
export const Link2Off = icon("link-2-off");
export const ListFilter = icon("list-filter");
export const LoaderCircle = icon("loader-circle");
export const LogIn = icon("log-in");
export const LogOut = icon("log-out");
export const MailCheck = icon("mail-check");
export const MailWarning = icon("mail-warning");
export const MapPin = icon("map-pin");
export const Megaphone = icon("megaphone");
export const Menu = icon("menu");
export const MessageSquare = icon("message-square");
export const MessageSquareReply = icon("message-square-reply");
export const Monitor = icon("monitor");
export const Moon = icon("moon");
export const MoreHorizontal = icon("more-horizontal");
export const NotebookPen = icon("notebook-pen");
export const Pencil = icon("pencil");
export const Pin = icon("pin");
export const PinOff = icon("pin-off");
export const Plus = icon("plus");
export const Puzzle = icon("puzzle");
export const Receipt = icon("receipt");
export const Save = icon("save");
export const ScrollText = icon("scroll-text");
export const Search = icon("search");
export const SearchX = icon("search-x");
export const Settings = icon("settings");
export const Share2 = icon("share-2");
export const ShieldCheck = icon("shield-check");
export const Smartphone = icon("smartphone");
export const Sparkles = icon("sparkles");
export const Star = icon("star");
export const Sun = icon("sun");
export const Tablet = icon("tablet");
export const Tag = icon("tag");
export const ThumbsDown = icon("thumbs-down");
export const ThumbsUp = icon("thumbs-up");
export const Trash2 = icon("trash-2");
export const TrendingUp = icon("trending-up");
export const TriangleAlert = icon("triangle-alert");
export const User = icon("user");
export const UserCheck = icon("user-check");
export const UserPlus = icon("user-plus");
export const UserRound = icon("user-round");
export const Users = icon("users");
export const UserMinus = icon("user-minus");
export const Send = icon("send");
export const Mail = icon("mail");
export const Wallet = icon("wallet");
export const X = icon("x");
export const ZoomIn = icon("zoom-in");
export const ZoomOut = icon("zoom-out");
