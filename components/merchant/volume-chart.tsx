import type { Overview } from "@/lib/contract/console";
import { parseMoney } from "@/lib/contract/money";

/**
 * Daily volume as an SVG bar chart, drawn on the server: no chart library, no script, no
 * inline style (the CSP forbids them). The picture is labelled with what it shows; the
 * numbers are in the overview's figures for anyone who cannot see it.
 */
export function VolumeChart({
  daily,
  title,
  description,
}: {
  daily: Overview["daily"];
  title: string;
  description: string;
}) {
  const width = 600;
  const height = 160;
  const pad = 18;
  const values = daily.map((d) => parseMoney(d.amount));
  const max = Math.max(1, ...values);
  const bar = (width - pad * 2) / daily.length;
  return (
    <svg
      className="block h-auto w-full [&_text]:fill-muted [&_text]:text-[10px]"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="chart-title chart-desc"
    >
      <title id="chart-title">{title}</title>
      <desc id="chart-desc">{description}</desc>
      <line className="stroke-line" x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} />
      {daily.map((d, i) => {
        const h = Math.round(((values[i] ?? 0) / max) * (height - pad * 2));
        return (
          <rect
            key={d.date}
            className="fill-brand"
            x={pad + i * bar + 1}
            y={height - pad - h}
            width={Math.max(1, bar - 2)}
            height={h}
          />
        );
      })}
      <text x={pad} y={height - 4}>
        {daily[0]?.date.slice(5)}
      </text>
      <text x={width - pad} y={height - 4} textAnchor="end">
        {daily.at(-1)?.date.slice(5)}
      </text>
    </svg>
  );
}
