import type { ChartMark, ChartWeek } from "~/domain/progress";
import { dayText } from "~/domain/seen-in-mail";

const BAR_STEP = 20;
const BAR_WIDTH = 14;
const HEIGHT = 120;
const TOP = 14;

/**
 * Counts per week as a bar chart drawn on the server (an SVG, no script), with dates marked as
 * dashed lines, and the same figures as a table for anyone who does not see the picture.
 */
export function WeekChart({
  id,
  title,
  description,
  weeks,
  marks = [],
  unit,
}: {
  /** Unique on the page: the picture's title and description are named by it. */
  id: string;
  title: string;
  description: string;
  weeks: ChartWeek[];
  marks?: ChartMark[];
  /** What a bar counts, for the table's heading ("Pieces seen"). */
  unit: string;
}) {
  const most = Math.max(1, ...weeks.map((week) => week.count));
  const width = weeks.length * BAR_STEP;
  const barHeight = (count: number) => Math.round((count / most) * (HEIGHT - TOP));
  const marksOf = (index: number) => marks.filter((mark) => mark.week === index);
  return (
    <figure className="week-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + 16}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="none"
        className="week-chart-picture"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <text x="0" y="10" className="week-chart-scale">
          {most}
        </text>
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="week-chart-axis" />
        {weeks.map((week, index) => (
          <rect
            key={week.startsOn}
            className="week-chart-bar"
            x={index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2}
            y={HEIGHT - barHeight(week.count)}
            width={BAR_WIDTH}
            height={barHeight(week.count)}
          />
        ))}
        {marks.map((mark, index) => (
          <line
            key={`${mark.week}-${index}`}
            className="week-chart-mark"
            x1={mark.week * BAR_STEP + BAR_STEP / 2}
            x2={mark.week * BAR_STEP + BAR_STEP / 2}
            y1={TOP - 4}
            y2={HEIGHT + 12}
          />
        ))}
      </svg>
      <figcaption className="muted">{description}</figcaption>
      <details className="week-chart-table">
        <summary>The figures, week by week</summary>
        <table>
          <caption className="muted">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Week from</th>
              <th scope="col">{unit}</th>
              {marks.length > 0 ? <th scope="col">Marked</th> : null}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week.startsOn}>
                <td>{dayText(week.startsOn)}</td>
                <td>{week.count}</td>
                {marks.length > 0 ? (
                  <td>
                    {marksOf(index)
                      .map((mark) => mark.label)
                      .join("; ")}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
