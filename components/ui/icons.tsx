import type { ReactNode } from "react";

/** Small inline icons (decorative: always aria-hidden; the text next to them says it). */
function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BankIcon = () => (
  <Icon>
    <path d="M3 10h18L12 4 3 10z" />
    <path d="M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18" />
  </Icon>
);
export const QrIcon = () => (
  <Icon>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </Icon>
);
export const CardIcon = () => (
  <Icon>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </Icon>
);
export const CopyIcon = () => (
  <Icon size={18}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
);
export const CheckIcon = () => (
  <Icon size={18}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);
export const DownloadIcon = () => (
  <Icon size={18}>
    <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
  </Icon>
);

export function GroupIcon({ name }: { name: string }) {
  if (name === "qr") return <QrIcon />;
  if (name === "card") return <CardIcon />;
  return <BankIcon />;
}
