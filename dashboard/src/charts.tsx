/**
 * Charts with Chart.js, only the parts used (bars, lines, a doughnut) registered so the bundle
 * stays small. Each chart has a text alternative: an accessible name and the numbers in a table
 * that screen readers (and anyone who prefers numbers) can read.
 */
import { useEffect, useRef } from 'preact/hooks';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export function ChartCanvas(props: { config: ChartConfiguration; label: string; id?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      ...props.config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...props.config.options },
    });
    return () => chart.destroy();
  }, [JSON.stringify(props.config.data)]);
  return (
    <div class="chart" id={props.id}>
      <canvas ref={canvas} role="img" aria-label={props.label} />
    </div>
  );
}
