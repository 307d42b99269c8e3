import type { CSSProperties } from "react";
import type { ChartMark, ChartMonth, ChartWeek } from "~/domain/progress";
import { dayText } from "~/domain/dates";

/**
 * Counts per week as a bar chart drawn on the server in HTML and CSS (no script, no SVG): the scale
 * and the month names are text that keeps its size at any width, each request is a triangle above
 * its week with a dashed line behind the bars, and a legend says which is which. The picture is
 * hidden from screen readers: the caption under it says what it shows, once, and the table lists
 * the weeks that had any (or a request), with their dates.
 */
export function WeekChart({
  id,
  title,
  description,
  weeks,
  months,
  marks = [],
  unit,
}: {
  /** Unique on the page. */
  id: string;
  title: string;
  description: string;
  weeks: ChartWeek[];
  months: ChartMonth[];
  marks?: ChartMark[];
  /** What a bar counts, for the table's heading and the legend ("Pieces seen"). */
  unit: string;
}) {
  const most = Math.max(1, ...weeks.map((week) => week.count));
  const marksOf = (index: number) => marks.filter((mark) => mark.week === index);
  const rows = weeks.map((week, index) => ({ week, marks: marksOf(index) })).filter((row) => row.week.count > 0 || row.marks.length > 0);
  const markedWeeks = [...new Set(marks.map((mark) => mark.week))];
  // A month's name takes up to three weeks' room; near the end it keeps to the last three.
  const monthColumn = (week: number) => (week <= weeks.length - 3 ? `${week + 1} / span 3` : `${weeks.length - 2} / span 3`);
  return (
    <div className="week-chart" id={id} style={{ "--weeks": weeks.length } as CSSProperties}>
      <div className="week-chart-picture" aria-hidden="true">
        <div className="week-chart-marks">
          {markedWeeks.map((week) => (
            <span key={week} className="week-chart-mark" style={{ gridColumn: week + 1 }} />
          ))}
        </div>
        <div className="week-chart-scale">
          <span>{most}</span>
          <span>0</span>
        </div>
        <div className="week-chart-bars">
          {markedWeeks.map((week) => (
            <span key={`line-${week}`} className="week-chart-mark-line" style={{ gridColumn: week + 1 }} />
          ))}
          {weeks.map((week, index) => (
            <span key={week.startsOn} className="week-chart-week" style={{ gridColumn: index + 1 }}>
              <span className="week-chart-bar" style={{ height: `${(week.count / most) * 100}%` }} />
            </span>
          ))}
        </div>
        <div className="week-chart-months">
          {months.map((month) => (
            <span
              key={month.week}
              className={month.week > weeks.length - 3 ? "week-chart-month week-chart-month-end" : "week-chart-month"}
              style={{ gridColumn: monthColumn(month.week) }}
            >
              {month.label}
            </span>
          ))}
        </div>
      </div>
      <p className="week-chart-legend muted" aria-hidden="true">
        <span className="week-chart-key-bar" /> {unit}, per week
        {marks.length > 0 ? (
          <>
            {" "}
            <span className="week-chart-key-mark" /> A request sent
          </>
        ) : null}
      </p>
      <p className="week-chart-caption">{description}</p>
      <details className="week-chart-table">
        <summary>The figures, week by week</summary>
        <table>
          <caption className="muted">
            {title}. {rows.length < weeks.length ? `Weeks at 0${marks.length > 0 ? " with no request" : ""} are left out.` : null}
          </caption>
          <thead>
            <tr>
              <th scope="col">Week from</th>
              <th scope="col">{unit}</th>
              {marks.length > 0 ? <th scope="col">Requests sent</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={marks.length > 0 ? 3 : 2}>None in these weeks.</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.week.startsOn}>
                  <td>{dayText(row.week.startsOn)}</td>
                  <td>{row.week.count}</td>
                  {marks.length > 0 ? <td>{row.marks.map((mark) => mark.label).join("; ")}</td> : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </details>
    </div>
  );
}
